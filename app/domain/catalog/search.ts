/**
 * Text typed into a search box or filter, shared by the server and the browser. Any
 * script is welcome; the length is bounded (the inputs stop there, and a longer text
 * from an address is answered with a message, not a silent "everything").
 */
import { m } from "~/paraglide/messages";
import { isLongerThan, MAX_UNITS_PER_CHARACTER } from "~/domain/text";

export const SEARCH_TEXT_MAX = 100;

/** Read when shown (a getter): the text is in the language of the request or page. */
export const SEARCH_MESSAGES = {
  get tooLong(): string {
    return m.temples_search_too_long({ max: SEARCH_TEXT_MAX });
  },
};

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

/**
 * The first name after every name that starts with `text` (its last character moved one on),
 * for an index range; null when there is no such name.
 */
export function pastPrefix(text: string): string | null {
  const chars = Array.from(text);
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return null;
  // Past the surrogates, which no string holds on its own.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join("") + String.fromCodePoint(next);
}
