/**
 * Text typed into a search box or filter, shared by the server and the browser. Any
 * script is welcome; the length is bounded (the inputs stop there, and a longer text
 * from an address is answered with a message, not a silent "everything").
 */
import { isLongerThan, MAX_UNITS_PER_CHARACTER } from "./text";

export const SEARCH_TEXT_MAX = 100;

export const SEARCH_MESSAGES = {
  tooLong: `Search text can be at most ${SEARCH_TEXT_MAX} characters. Please shorten it and search again.`,
} as const;

/** A search input's maxLength: browsers count UTF-16 units, so it leaves room for Indic text. */
export const SEARCH_INPUT_MAX_LENGTH = SEARCH_TEXT_MAX * MAX_UNITS_PER_CHARACTER;

/** Longer than a search box takes (counted in characters, as a person counts them). */
export function isSearchTextTooLong(text: string | null | undefined): boolean {
  return text ? isLongerThan(text, SEARCH_TEXT_MAX) : false;
}

/** Free text as searched: control characters read as spaces, no blanks around it. */
export function cleanSearchText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, " ").trim();
}
