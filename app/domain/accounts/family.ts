/**
 * The people a devotee books for (the sankalpa's name, relation, star and gotra; rashi and date of
 * birth if they like): the account's form and the booking forms share these rules. Text is in any
 * script, counted in characters as a person sees them. No server imports here.
 */
import { z } from "zod";
import { isValidDay } from "~/domain/days";
import { isLongerThan, isPersonName, MAX_UNITS_PER_CHARACTER } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

/** How many people one account keeps. */
export const MAX_FAMILY_MEMBERS = 20;
export const GOTRA_MAX = 40;
export const RELATION_MAX = 30;
export const RASHI_MAX = 30;

/** What the family forms say, in the request's (or page's) language: read when needed. */
export const FAMILY_MESSAGES = {
  get name() {
    return m.account_family_error_name();
  },
  get relation() {
    return m.account_family_error_relation();
  },
  get star() {
    return m.account_family_error_star();
  },
  get gotra() {
    return m.account_family_error_gotra({ max: GOTRA_MAX });
  },
  get rashi() {
    return m.account_family_error_rashi({ max: RASHI_MAX });
  },
  get dateOfBirth() {
    return m.account_family_error_date_of_birth();
  },
  get full() {
    return m.account_family_error_full({ max: MAX_FAMILY_MEMBERS });
  },
  get added() {
    return m.account_family_added();
  },
  get saved() {
    return m.account_family_saved();
  },
  get removed() {
    return m.account_family_removed();
  },
};

/** Letters and marks of any script, spaces, dots, hyphens and apostrophes ("Kashyapa", "काश्यप", "ஸ்ரீவத்ஸ"). */
const WORDS = /^[\p{L}\p{M}\u200C\u200D .'-]*$/u;

/** Optional words of at most `max` characters ("" when none), with `message` for anything else. */
export function optionalWords(max: number, message: () => string) {
  return z
    .string()
    .trim()
    .max(max * MAX_UNITS_PER_CHARACTER, { error: message, abort: true })
    .refine((value) => WORDS.test(value) && !isLongerThan(value, max), { error: message })
    .optional()
    .transform((value) => value ?? "");
}

/** A devotee's gotra: optional, in any script, at most GOTRA_MAX characters; "" when none. */
export const gotraField = optionalWords(GOTRA_MAX, () => FAMILY_MESSAGES.gotra);

export const familyMemberSchema = z.object({
  name: z
    .string({ error: () => FAMILY_MESSAGES.name })
    .trim()
    .refine((value) => isPersonName(value, 60), { error: () => FAMILY_MESSAGES.name }),
  relation: z
    .string({ error: () => FAMILY_MESSAGES.relation })
    .trim()
    .min(1, { error: () => FAMILY_MESSAGES.relation })
    .max(RELATION_MAX * MAX_UNITS_PER_CHARACTER, { error: () => FAMILY_MESSAGES.relation, abort: true })
    .refine((value) => WORDS.test(value) && !isLongerThan(value, RELATION_MAX), { error: () => FAMILY_MESSAGES.relation }),
  starId: z.coerce
    .number({ error: () => FAMILY_MESSAGES.star })
    .int({ error: () => FAMILY_MESSAGES.star })
    .min(1, { error: () => FAMILY_MESSAGES.star })
    .max(27, { error: () => FAMILY_MESSAGES.star }),
  gotra: gotraField,
  rashi: optionalWords(RASHI_MAX, () => FAMILY_MESSAGES.rashi),
  dateOfBirth: z
    .string()
    .trim()
    .refine((day) => day === "" || (isValidDay(day) && day >= "1900-01-01" && day <= todayInIndia()), {
      error: () => FAMILY_MESSAGES.dateOfBirth,
    })
    .optional()
    .transform((value) => value ?? ""),
});

export type FamilyMemberInput = z.infer<typeof familyMemberSchema>;

/** Editing one: its id, then the same fields. */
export const familyMemberEditSchema = familyMemberSchema.extend({
  memberId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Removing one: its id. */
export const familyMemberRemoveSchema = z.object({ memberId: z.coerce.number().int().positive().max(2_147_483_647) });
