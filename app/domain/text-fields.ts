/**
 * Zod rules for text people type, in any script. Lengths are counted in characters as a
 * person sees them (grapheme clusters, see ./text), so a Malayalam name of 30 characters
 * fits a 30-character field although it is 70 UTF-16 units. Shared by the browser and
 * the server; the messages are the callers' own (the spec's strings).
 */
import { z } from "zod";
import { m } from "~/paraglide/messages";
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
