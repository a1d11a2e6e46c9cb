/**
 * Zod rules for what people type: text in any script, whole numbers, calendar dates. Lengths
 * are counted in characters as a person sees them (grapheme clusters, see ./text), so a
 * Malayalam name of 30 characters fits a 30-character field although it is 70 UTF-16 units.
 * Shared by the browser and the server; the messages are the callers' own (the spec's strings).
 */
import { z } from "zod";
import { m } from "~/paraglide/messages";
import { isValidDay } from "./days";
import { isLongerThan, isShorterThan, MAX_UNITS_PER_CHARACTER } from "./text";

/**
 * A field's message: a text, or (better) a function that gives it when the rule fails, so
 * it speaks the language of that moment (a request's, or the page's).
 */
export type FieldMessage = string | (() => string);

/** zod's own words where a field has no message of its own, in the reader's language. */
const tooLong = (max: number) => () => m.account_text_too_long({ max });
const tooShort = (min: number) => () => m.account_text_too_short({ min });

/** At most `max` characters. Use with `.check(...)` on a string schema. */
export function graphemeMax(max: number, message: FieldMessage = tooLong(max)) {
  return z.refine<string>((value) => !isLongerThan(value, max), { error: message });
}

/** At least `min` characters. Use with `.check(...)` on a string schema. */
export function graphemeMin(min: number, message: FieldMessage = tooShort(min)) {
  return z.refine<string>((value) => !isShorterThan(value, min), { error: message });
}

/**
 * `schema` bounded to `max` characters (and at least `min`): first a cheap bound on the raw
 * length (MAX_UNITS_PER_CHARACTER per character, so Indic text always fits), then the count
 * itself, which is the judge. One message for both, as before; `shortMessage` when too short
 * text has words of its own.
 */
export function withinCharacters(schema: z.ZodString, max: number, message?: FieldMessage, min = 0, shortMessage = message): z.ZodString {
  let bounded = schema.max(max * MAX_UNITS_PER_CHARACTER, { error: message ?? tooLong(max), abort: true });
  if (min > 0) bounded = bounded.min(min, { error: shortMessage ?? tooShort(min), abort: true });
  if (min > 1) bounded = bounded.check(graphemeMin(min, shortMessage));
  return bounded.check(graphemeMax(max, message));
}

/** Required text (trimmed) of `min` to `max` characters, one message for missing, short and long. */
export function requiredCharacters(message: FieldMessage, max: number, min = 1): z.ZodString {
  return withinCharacters(z.string({ error: message }).trim(), max, message, min);
}

/** Optional text (trimmed) of at most `max` characters. */
export function optionalCharacters(max: number, message?: FieldMessage) {
  return withinCharacters(z.string().trim(), max, message).optional();
}

/**
 * A whole number from `min` to `max`, typed in plain digits. `Number()` also reads "0x10",
 * "1e3", "+5", "-0", "5.0", "Infinity" and "1 000" as numbers; a person means none of them in
 * a count or a rate, so only spaces around the digits are forgiven. `message`: undefined for
 * a query's field, whose refusal shows no words.
 */
export function wholeNumber(message: FieldMessage | undefined, min: number, max: number) {
  return z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), { error: message, abort: true })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: message });
}

/**
 * A day on the calendar (YYYY-MM-DD: "2027-02-30" is refused) from `earliest()` to `latest()`,
 * both read at each check, so bounds such as "today" move with the clock. `outOfBounds`, when
 * the field has a message of its own for a day outside them (it should say the bounds).
 */
export function dayBetween(message: FieldMessage, earliest: () => string, latest: () => string, outOfBounds: FieldMessage = message) {
  return z
    .string({ error: message })
    .trim()
    .refine(isValidDay, { error: message, abort: true })
    .refine((day) => day >= earliest() && day <= latest(), { error: outOfBounds });
}
