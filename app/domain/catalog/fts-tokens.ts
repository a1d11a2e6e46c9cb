/**
 * SQLite FTS5's `unicode61 remove_diacritics 2` tokenizer (the name index's, migration 0001),
 * for the characters whose treatment was checked against SQLite one by one (tests/catalog/fts-tokens.test.ts,
 * against the SQLite D1 runs): ASCII, Latin-1 and Latin Extended-A/B, combining diacritics, the Indian scripts
 * (Devanagari to Malayalam), general punctuation and currency signs. Letters, numbers and private
 * use characters make tokens, folded to lower case without diacritics; everything else (a vowel
 * sign of an Indian script too) separates them. Null for text with any other character: the
 * caller then asks SQLite itself.
 */

/**
 * Every character outside the ranges above (the ranges checked: U+0001–U+024F, U+0300–U+036F,
 * U+0900–U+0D7F, U+2000–U+206F, U+20A0–U+20CF).
 */
const UNKNOWN = /[\u0250-\u02ff\u0370-\u08ff\u0d80-\u1fff\u2070-\u209f\u20d0-\uffff]/;
/** Code points in the ranges above that SQLite's tables (an older Unicode) treat otherwise than JavaScript's. */
const UNSURE = new RegExp(
  `[${[
    "\u00b5\u017f\u01e0-\u01e3\u01ee-\u01ef\u01fc-\u01ff\u0305\u030d-\u030e\u0310\u0312-\u031a",
    "\u031c-\u0322\u0329-\u032c\u032f\u0332-\u036f\u0929\u0931\u0934\u0958-\u095f\u0984\u098d-\u098e",
    "\u0991-\u0992\u09a9\u09b1\u09b3-\u09b5\u09ba-\u09bb\u09c5-\u09c6\u09c9-\u09ca\u09cf-\u09d6",
    "\u09d8-\u09df\u09e4-\u09e5\u09fd-\u0a00\u0a04\u0a0b-\u0a0e\u0a11-\u0a12\u0a29\u0a31\u0a33-\u0a34",
    "\u0a36-\u0a37\u0a3a-\u0a3b\u0a3d\u0a43-\u0a46\u0a49-\u0a4a\u0a4e-\u0a50\u0a52-\u0a5b\u0a5d-\u0a65",
    "\u0a76-\u0a80\u0a84\u0a8e\u0a92\u0aa9\u0ab1\u0ab4\u0aba-\u0abb\u0ac6\u0aca\u0ace-\u0acf\u0ad1-\u0adf",
    "\u0ae4-\u0ae5\u0af2-\u0af8\u0afa-\u0b00\u0b04\u0b0d-\u0b0e\u0b11-\u0b12\u0b29\u0b31\u0b34",
    "\u0b3a-\u0b3b\u0b45-\u0b46\u0b49-\u0b4a\u0b4e-\u0b55\u0b58-\u0b5e\u0b64-\u0b65\u0b78-\u0b81\u0b84",
    "\u0b8b-\u0b8d\u0b91\u0b94\u0b96-\u0b98\u0b9b\u0b9d\u0ba0-\u0ba2\u0ba5-\u0ba7\u0bab-\u0bad",
    "\u0bba-\u0bbd\u0bc3-\u0bc5\u0bc9\u0bce-\u0bcf\u0bd1-\u0bd6\u0bd8-\u0be5\u0bfb-\u0c00\u0c04\u0c0d",
    "\u0c11\u0c29\u0c3a-\u0c3c\u0c45\u0c49\u0c4e-\u0c54\u0c57\u0c5b\u0c5e-\u0c5f\u0c64-\u0c65",
    "\u0c70-\u0c77\u0c81\u0c84\u0c8d\u0c91\u0ca9\u0cb4\u0cba-\u0cbb\u0cc5\u0cc9\u0cce-\u0cd4\u0cd7-\u0cdb",
    "\u0cdf\u0ce4-\u0ce5\u0cf0\u0cf3-\u0d01\u0d0d\u0d11\u0d3b-\u0d3c\u0d45\u0d49\u0d4f-\u0d53",
    "\u0d64-\u0d65\u2065-\u2069\u20ba-\u20cf",
  ].join("")}]`,
);
const PRINTABLE_ASCII = /^[ -~]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const DIACRITIC = /[\u0300-\u036f]/;

const FOLDED = new Map<string, string>();

function fold(char: string): string {
  let folded = FOLDED.get(char);
  if (folded === undefined) {
    folded = char
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    FOLDED.set(char, folded);
  }
  return folded;
}

/** Whether `ftsTokens` knows every character of the text. */
export function ftsTokenizable(text: string): boolean {
  return !text.includes("\0") && !UNKNOWN.test(text) && !UNSURE.test(text);
}

/** The tokens SQLite's index holds for the text, in order, or null when a character is not one `ftsTokens` knows. */
export function ftsTokens(text: string): string[] | null {
  // Printable ASCII (most names and every key): letters and digits make tokens, in lower case.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().split(ASCII_SEPARATORS).filter(Boolean);
  if (!ftsTokenizable(text)) return null;
  const tokens: string[] = [];
  let token = "";
  let inToken = false;
  for (const char of text) {
    if (TOKEN_CHAR.test(char)) {
      token += fold(char);
      inToken = true;
    } else if (DIACRITIC.test(char)) {
      // A combining diacritic belongs to the token and is dropped.
      inToken = true;
    } else if (inToken) {
      if (token) tokens.push(token);
      token = "";
      inToken = false;
    }
  }
  if (inToken && token) tokens.push(token);
  return tokens;
}
