/**
 * Field types the legacy payloads share. Legacy clients send ids and flags as
 * numbers or as strings ("12", "true"), so these accept both and nothing else.
 */
import { z } from "zod";
import { LANGUAGE_IDS, LANGUAGES, type Locale } from "~/lib/i18n";
import { withinCharacters } from "~/domain/text-fields";

const MAX_ID = 2_147_483_647;

/** "1 English, 2 Hindi, …": the LanguageID values, for the OpenAPI document. */
export const LANGUAGE_ID_LIST = (Object.entries(LANGUAGE_IDS) as [Locale, number][])
  .map(([locale, id]) => `${id} ${LANGUAGES[locale].english}`)
  .join(", ");

/**
 * The language of the answer's names and messages (route.ts reads it from the payload). A
 * missing, unknown or malformed id answers English, never an error (spec section 1 uses 1).
 */
export const languageId = z
  .unknown()
  .optional()
  .meta({
    description:
      `The language of names and messages in the answer: ${LANGUAGE_ID_LIST}. Missing, unknown or malformed ` +
      `ids answer English, never an error.`,
  });

/** A positive id, as a number or a numeric string. */
export function legacyId(message = "Must be a positive whole number") {
  return z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(MAX_ID, message));
}

const TRUE = new Set(["1", "true", "y", "yes"]);
const FALSE = new Set(["0", "false", "n", "no", ""]);

/** A yes/no flag: true/false, 1/0, or those as strings ("Y"/"N" too). */
export const legacyFlag = z
  .union(
    [
      z.boolean(),
      z.literal(0),
      z.literal(1),
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => TRUE.has(v) || FALSE.has(v)),
    ],
    {
      error: "Must be true or false",
    },
  )
  .transform((v) => v === true || v === 1 || (typeof v === "string" && TRUE.has(v.trim().toLowerCase())));

/** Optional free text with a length limit (in characters as a person counts them, any script). */
export function optionalText(max: number, message = `At most ${max} characters`) {
  return withinCharacters(z.string({ error: "Must be text" }).trim(), max, message).optional();
}

/**
 * The token of a passed human check (Cloudflare Turnstile), asked for once an account is past
 * its own limit of attempts (403, error challenge_required). Also read as `cf-turnstile-response`.
 */
export const humanCheckToken = z.string({ error: "Must be text" }).max(2048, "At most 2048 characters").optional().meta({
  description: "The token of a passed Cloudflare Turnstile check, needed only when an answer asked for it (403, error challenge_required).",
});

/** Money leaves the API as rupees (a JSON number with at most 2 decimals); it is paise inside. */
export function rupeeAmount(paise: number): number {
  return Math.round(paise) / 100;
}

export const rupees = z.number().meta({ description: "Rupees, at most 2 decimals (the database keeps integer paise)." });

/** 1 or 0, as the legacy bit columns were sent. */
export const bit = z.union([z.literal(0), z.literal(1)]);
export const toBit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * The answer of the write calls whose answer the spec leaves "not shown", after its
 * neighbours: Status 'success' as in ResetPasswordNew, Message as in RemoveTransaction.
 */
export const statusMessage = z.object({
  Status: z.enum(["success", "failure"]).meta({ description: "success: done. failure: not done; Message says why." }),
  Message: z.string().meta({ description: "Text to show as given (the spec's message where it has one)." }),
});

/**
 * A text field as legacy clients send it; the portal schema behind it applies the real rules.
 * `max` counts characters as a person sees them, so names in any script fit.
 */
export function text(max = 1000) {
  return withinCharacters(z.string({ error: "Must be text" }), max, `At most ${max} characters`);
}

/** Text that legacy clients sometimes send as a number (phone numbers, codes). */
export function textOrNumber(max = 100) {
  return z.union([withinCharacters(z.string(), max, `At most ${max} characters`), z.number()], { error: "Must be text or a number" });
}
