/**
 * Search keys: names folded to one Latin spelling, so that "Guruvayoor", "Guruvayur" and
 * "ഗുരുവായൂർ" meet, and "Sree", "Shri" and "श्री" too. Text in any Indian script is first
 * transliterated (the scripts share one letter layout, inherited from ISCII, so one table
 * reads them all), then the spelling differences English writing of Indian names allows are
 * folded away: aspirates (th/t), voiced and unvoiced stops (g/k, as Tamil writes them), doubled
 * letters, long vowels (oo/u, ee/i), sh/s, zh/l, w/v, a final y/i and a final schwa
 * (Krishna/Krishn). Well-known other names of places (Trichy for Tiruchirappalli, Kashi for
 * Varanasi) are added to a temple's keys, so searching either finds it.
 *
 * Pure and shared: the seed writes the keys with it, the domain refreshes them when names
 * change, and searches fold the typed text the same way.
 */

/**
 * Bump when the folding or the aliases change: stored keys of an older version are rebuilt.
 * 2: a temple's approved other names (temple_aliases) and its deities are in its keys.
 * 3: zh (Tamil ழ, Malayalam ഴ) folds with l: "பழனி" and "Pazhani" are Palani.
 * 4: a temple's names in other languages (the desk's name variants) are in its keys, as other names.
 */
export const SEARCH_KEYS_VERSION = 4;

/** Indian script blocks, U+0900 (Devanagari) to U+0D7F (Malayalam), 128 code points each. */
const INDIC_FIRST = 0x0900;
const INDIC_LAST = 0x0d7f;

/** Consonants by offset in a block (without their inherent "a"). */
const CONSONANTS: Record<number, string> = {
  0x15: "k",
  0x16: "kh",
  0x17: "g",
  0x18: "gh",
  0x19: "ng",
  0x1a: "ch",
  0x1b: "chh",
  0x1c: "j",
  0x1d: "jh",
  0x1e: "ny",
  0x1f: "t",
  0x20: "th",
  0x21: "d",
  0x22: "dh",
  0x23: "n",
  0x24: "th",
  0x25: "th",
  0x26: "d",
  0x27: "dh",
  0x28: "n",
  0x29: "n",
  0x2a: "p",
  0x2b: "ph",
  0x2c: "b",
  0x2d: "bh",
  0x2e: "m",
  0x2f: "y",
  0x30: "r",
  0x31: "r",
  0x32: "l",
  0x33: "l",
  0x34: "zh",
  0x35: "v",
  0x36: "sh",
  0x37: "sh",
  0x38: "s",
  0x39: "h",
  0x58: "q",
  0x59: "kh",
  0x5a: "gh",
  0x5b: "z",
  0x5c: "r",
  0x5d: "rh",
  0x5e: "f",
  0x5f: "y",
};
/** Independent vowels (long e and o are written e and o in English spellings: Kshetram, Gopuram). */
const VOWELS: Record<number, string> = {
  0x04: "a",
  0x05: "a",
  0x06: "aa",
  0x07: "i",
  0x08: "ii",
  0x09: "u",
  0x0a: "uu",
  0x0b: "ri",
  0x0c: "li",
  0x0d: "e",
  0x0e: "e",
  0x0f: "e",
  0x10: "ai",
  0x11: "o",
  0x12: "o",
  0x13: "o",
  0x14: "au",
  0x60: "rii",
  0x61: "lii",
};
/** Vowel signs, which replace a consonant's inherent "a". */
const VOWEL_SIGNS: Record<number, string> = {
  0x3e: "aa",
  0x3f: "i",
  0x40: "ii",
  0x41: "u",
  0x42: "uu",
  0x43: "ri",
  0x44: "rii",
  0x45: "e",
  0x46: "e",
  0x47: "e",
  0x48: "ai",
  0x49: "o",
  0x4a: "o",
  0x4b: "o",
  0x4c: "au",
  0x57: "au",
  0x62: "li",
  0x63: "lii",
};
/** Other signs: candrabindu and anusvara (nasals), visarga, OM, digits; the virama is handled apart. */
const SIGNS: Record<number, string> = { 0x01: "n", 0x02: "m", 0x03: "h", 0x50: "om" };
const VIRAMA = 0x4d;
/** Malayalam's chillu letters: consonants that end a syllable. */
const CHILLU: Record<number, string> = {
  0x0d7a: "n",
  0x0d7b: "n",
  0x0d7c: "r",
  0x0d7d: "l",
  0x0d7e: "l",
  0x0d7f: "k",
  0x0d54: "m",
  0x0d55: "y",
  0x0d56: "zh",
  0x0d4e: "r",
};

/** Text in Indian scripts as Latin letters (other text is kept as it is). */
export function transliterate(text: string): string {
  let out = "";
  let inherent = false;
  // Tamil writes the "ksh" of Sanskrit names (Meenakshi) as ட்ச.
  for (const char of text.normalize("NFC").replace(/\u0B9F\u0BCD\u0B9A/g, "\u0B95\u0BCD\u0BB7")) {
    const code = char.codePointAt(0)!;
    if (code < INDIC_FIRST || code > INDIC_LAST) {
      if (inherent && !/[\u200c\u200d]/.test(char)) out += "a";
      if (!/[\u200c\u200d]/.test(char)) inherent = false;
      out += /[\u0964\u0965]/.test(char) ? " " : char;
      continue;
    }
    const offset = code & 0x7f;
    const chillu = CHILLU[code];
    if (offset === VIRAMA) inherent = false;
    else if (VOWEL_SIGNS[offset] !== undefined) {
      out += VOWEL_SIGNS[offset];
      inherent = false;
    } else if (offset === 0x3c || offset === 0x3d) {
      // Nukta and avagraha change nothing a Latin spelling shows.
    } else {
      if (inherent) out += "a";
      inherent = false;
      if (chillu !== undefined) out += chillu;
      else if (CONSONANTS[offset] !== undefined) {
        out += CONSONANTS[offset];
        inherent = true;
      } else if (VOWELS[offset] !== undefined) out += VOWELS[offset];
      else if (SIGNS[offset] !== undefined) out += SIGNS[offset];
      else if (offset >= 0x66 && offset <= 0x6f) out += String(offset - 0x66);
      else if (code === 0x0964 || code === 0x0965) out += " ";
    }
  }
  return inherent ? `${out}a` : out;
}

/** One word in its folded spelling. */
function foldWord(word: string): string {
  return (
    word
      .replace(/ksh/g, "ks")
      .replace(/([kgcjtdpb])h/g, "$1")
      // ழ and ഴ, written zh or l in English (Pazhani/Palani, Kozhikode, Alappuzha): one letter.
      .replace(/zh/g, "l")
      .replace(/sh/g, "s")
      .replace(/w/g, "v")
      .replace(/ee|ii/g, "i")
      .replace(/oo|uu/g, "u")
      // Voiced and unvoiced stops: Tamil writes both with one letter (Arulmigu, Kapaleeshwarar).
      .replace(/[gdb]/g, (stop) => ({ g: "k", d: "t", b: "p" })[stop]!)
      .replace(/([a-z])\1+/g, "$1")
      .replace(/m(?=[kctj])/g, "n")
      .replace(/y$/, "i")
      .replace(/(?<=..)a$/, "")
  );
}

/** Text as folded words: transliterated, without accents, lower case, letters and digits only. */
export function foldedWords(text: string): string[] {
  const latin = transliterate(text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return latin
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(foldWord)
    .filter(Boolean);
}

/** Places (and a few temples) by their other well-known names; each group is one place. */
const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ["Tiruchirappalli", "Trichy", "Tiruchi", "Trichinopoly"],
  ["Varanasi", "Kashi", "Kasi", "Benares", "Banaras"],
  ["Thiruvananthapuram", "Trivandrum"],
  ["Kochi", "Cochin"],
  ["Kozhikode", "Calicut"],
  ["Thrissur", "Trichur"],
  ["Alappuzha", "Alleppey"],
  ["Kollam", "Quilon"],
  ["Palakkad", "Palghat"],
  ["Kannur", "Cannanore"],
  ["Chennai", "Madras"],
  ["Mumbai", "Bombay"],
  ["Kolkata", "Calcutta"],
  ["Bengaluru", "Bangalore"],
  ["Mysuru", "Mysore"],
  ["Mangaluru", "Mangalore"],
  ["Thanjavur", "Tanjore"],
  ["Kanchipuram", "Kanchi", "Conjeevaram"],
  ["Puducherry", "Pondicherry"],
  ["Visakhapatnam", "Vizag"],
  ["Prayagraj", "Allahabad", "Prayag"],
  ["Udupi", "Udipi"],
  ["Vrindavan", "Brindavan", "Brindaban"],
  ["Haridwar", "Hardwar"],
  ["Kanyakumari", "Kanniyakumari"],
  ["Tiruvannamalai", "Arunachala"],
  ["Nashik", "Nasik"],
  ["Ujjain", "Avantika"],
  ["Kumbakonam", "Kudanthai"],
  ["Guruvayur", "Guruvayoor"],
];

/** Folded word to the folded words of its other names. */
const ALIASES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of ALIAS_GROUPS) {
    const words = [...new Set(group.flatMap((name) => foldedWords(name)))];
    for (const name of group) {
      const key = foldedWords(name).join("");
      map.set(key, [...new Set([...(map.get(key) ?? []), ...words])]);
    }
  }
  return map;
})();

/** The folded words of a place's other well-known names ("kasi" → Varanasi, Benares, Banaras …), itself included. */
export function placeOtherNames(foldedWord: string): readonly string[] {
  return ALIASES.get(foldedWord) ?? [];
}

/** What a temple is searched by: its names, district, approved other names and deities. */
export type TempleKeyParts = {
  name: string;
  displayName?: string | null;
  district?: string | null;
  aliases?: readonly string[];
  deities?: readonly string[];
};

/**
 * A temple's search keys: the folded words of its names, district, other names ("Tirupati
 * Balaji") and deities, and the well-known other names of any of them (one space-separated
 * string, as the key index stores it).
 */
export function templeSearchKeys(parts: TempleKeyParts): string {
  const names = [parts.name, parts.displayName ?? "", parts.district ?? "", ...(parts.aliases ?? []), ...(parts.deities ?? [])].map(
    foldedWords,
  );
  const words = names.flat();
  const keys = new Set(words);
  // Words written together or apart ("Sree Krishna", "ശ്രീകൃഷ്ണ"): each pair of neighbours joined too.
  for (const name of names) for (let i = 0; i + 1 < name.length; i++) keys.add(name[i]! + name[i + 1]!);
  for (const word of words) for (const alias of ALIASES.get(word) ?? []) keys.add(alias);
  return [...keys].join(" ");
}

/** Edit distance (insertions, deletions, substitutions) of two short words, stopping past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many typing slips a folded word of this length forgives. */
export function slipsAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The trigrams of the folded query words long enough to be forgiven (for the fuzzy index). */
export function queryTrigrams(words: readonly string[]): string[] {
  const grams = new Set<string>();
  for (const word of words) if (slipsAllowed(word)) for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  return [...grams].slice(0, 24);
}

/**
 * Whether a temple's keys answer the folded query words with slips forgiven: every typed
 * word is, within its allowed slips, a key word or the start of one (the last word is
 * still being typed).
 */
export function keysForgive(keys: string, words: readonly string[]): boolean {
  const keyWords = keys.split(" ");
  return words.every((word) => {
    const slips = slipsAllowed(word);
    return keyWords.some(
      (key) =>
        key.startsWith(word) || editDistance(word, key, slips) <= slips || editDistance(word, key.slice(0, word.length), slips) <= slips,
    );
  });
}
