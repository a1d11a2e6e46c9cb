/**
 * The names devotees search a temple by (temple_aliases) and its pilgrimage weight: the
 * inputs the operator console and the desk share (no server imports here). A name is 2 to
 * 60 characters in one of the portal's six languages' scripts, which says its language.
 */
import { z } from "zod";
import { PILGRIMAGE_WEIGHT_MAX } from "~/domain/catalog/prominence";
import { requiredCharacters, wholeNumber } from "~/domain/text-fields";
import { m } from "~/paraglide/messages";

export const ALIAS_MAX = 60;
/** Names a temple may have, approved and proposed together (bounds its search keys). */
export const ALIASES_PER_TEMPLE = 24;

export const ALIAS_LANGUAGES = ["en", "hi", "ta", "ml", "te", "kn"] as const;
export type AliasLanguage = (typeof ALIAS_LANGUAGES)[number];

/** One name of a temple as the desk and the console list it. */
export type TempleAlias = {
  id: number;
  templeId: number;
  text: string;
  language: string;
  status: "approved" | "proposed" | "rejected";
  createdAt: string;
};

/** Each language's script (English: Latin letters, with accents). */
const SCRIPTS: Record<AliasLanguage, RegExp> = {
  en: /\p{Script=Latin}/u,
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  ml: /\p{Script=Malayalam}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
};
/** Letters and marks of any script, digits, spaces and the punctuation names carry. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} .'’&()\-\u200c\u200d]+$/u;

/** The one language whose script a name is written in, or null (mixed scripts, or another script). */
export function aliasLanguage(text: string): AliasLanguage | null {
  if (!NAME_CHARACTERS.test(text)) return null;
  const letters = [...text].filter((char) => /\p{L}/u.test(char));
  const found = ALIAS_LANGUAGES.filter((language) => letters.some((char) => SCRIPTS[language].test(char)));
  if (found.length !== 1) return null;
  const [language] = found;
  return letters.every((char) => SCRIPTS[language!].test(char)) ? language! : null;
}

/** The messages, in the request's (or page's) language: read when shown. */
export const SEARCH_NAME_MESSAGES = {
  get text() {
    return m.desk_names_text_invalid({ max: ALIAS_MAX });
  },
  get weight() {
    return m.desk_names_weight_invalid({ max: PILGRIMAGE_WEIGHT_MAX });
  },
  get taken() {
    return m.desk_names_taken();
  },
  get tooMany() {
    return m.desk_names_too_many({ max: ALIASES_PER_TEMPLE });
  },
  added: (text: string) => m.desk_names_added({ name: text }),
  proposed: (text: string) => m.desk_names_proposed({ name: text }),
  approved: (text: string) => m.desk_names_approved({ name: text }),
  rejected: (text: string) => m.desk_names_rejected({ name: text }),
  removed: (text: string) => m.desk_names_removed({ name: text }),
  get weightSaved() {
    return m.desk_names_weight_saved();
  },
};
const M = SEARCH_NAME_MESSAGES;

/** A name as typed: trimmed, inner spaces collapsed, in one of the six scripts. */
const aliasText = requiredCharacters(() => M.text, ALIAS_MAX, 2)
  .transform((text) => text.normalize("NFC").replace(/\s+/g, " "))
  .refine((text) => aliasLanguage(text) !== null, { error: () => M.text });

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The operator adds a name to a temple (approved at once). */
export const addAliasSchema = z.object({ intent: z.literal("add-alias"), templeId: id, text: aliasText });
/** A temple's staff propose a name for their temple (an operator approves it). */
export const proposeAliasSchema = z.object({ intent: z.literal("propose"), text: aliasText });
/** A decision on one name: the operator approves, rejects or removes; staff withdraw their proposal. */
export const aliasDecisionSchema = z.object({ intent: z.enum(["approve", "reject", "remove", "withdraw"]), aliasId: id });
/** The operator sets a temple's pilgrimage weight (0..100). */
export const pilgrimageWeightSchema = z.object({
  intent: z.literal("weight"),
  templeId: id,
  weight: wholeNumber(() => M.weight, 0, PILGRIMAGE_WEIGHT_MAX),
});
