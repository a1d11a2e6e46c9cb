/**
 * Text typed into a search box or filter, shared by the server and the browser. Any
 * script is welcome; the length is bounded (the inputs stop there, and a longer text
 * from an address is answered with a message, not a silent "everything").
 */
export const SEARCH_TEXT_MAX = 100;

export const SEARCH_MESSAGES = {
  tooLong: `Search text can be at most ${SEARCH_TEXT_MAX} characters. Please shorten it and search again.`,
} as const;

/** Longer than a search box takes (counted in characters, as a person counts them). */
export function isSearchTextTooLong(text: string | null | undefined): boolean {
  if (!text) return false;
  // Every character is at least one UTF-16 unit: most text is decided without counting.
  if (text.length <= SEARCH_TEXT_MAX) return false;
  return Array.from(text).length > SEARCH_TEXT_MAX;
}

/** Free text as searched: control characters read as spaces, no blanks around it. */
export function cleanSearchText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, " ").trim();
}
