/**
 * One word for each thing: app/i18n/glossary.json names, per concept and language, the word
 * the portal uses and the synonyms that must not stand in for it. A message that uses an
 * avoided word is a problem, named by language, key and word. Also: a hint that names a tab,
 * button or link quotes that label exactly. Used by tests/i18n/i18n-glossary.source.test.ts and by
 * `npm run i18n -- --check`.
 *
 * Matching is by substring, because the Indian languages join case endings and suffixes to a
 * word (கோவிலுக்கு, ಕಾರ್ಟ್‌ಗೆ): an avoided stem is found in all its forms. A stem found inside
 * the chosen word or one of the term's `keep` words (longer words that contain the stem but
 * mean something else) is not a problem, and `except` lets a message keep an avoided word, with
 * the reason written down.
 */
export type GlossaryEntry = {
  word: string;
  avoid: string[];
  keep?: string[];
  except?: Record<string, string>;
  note?: string;
};
export type GlossaryTerm = { en: string } & { [locale: string]: GlossaryEntry | string };
export type Glossary = {
  terms: Record<string, GlossaryTerm>;
  labels: Record<string, string[] | string>;
};
/** Messages of each language by key: { ta: { bookings_cart_title: "…" } }. */
export type Catalogs = Record<string, Record<string, string>>;

/** The catalogs of a set of message files keyed by path (".../messages/<locale>/<area>.json"). */
export function catalogsOf(files: Record<string, Record<string, string>>): Catalogs {
  const catalogs: Catalogs = {};
  for (const [path, messages] of Object.entries(files)) {
    const locale = path.match(/messages\/([^/]+)\/[^/]+\.json$/)?.[1];
    if (!locale) continue;
    const catalog = (catalogs[locale] ??= {});
    for (const [key, text] of Object.entries(messages)) if (key !== "$schema") catalog[key] = text;
  }
  return catalogs;
}

const entriesOf = (term: GlossaryTerm) =>
  Object.entries(term).filter((pair): pair is [string, GlossaryEntry] => pair[0] !== "en" && typeof pair[1] === "object");

/** Where `needle` starts in `text`, every time. */
function positions(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** Is the text from `start` to `end` inside one of the `words` where it stands in `text`? */
const covered = (text: string, start: number, end: number, words: string[]) =>
  words.some((word) => positions(text, word).some((at) => at <= start && end <= at + word.length));

/** The avoided words a text uses for one term (placeholders are not words of the message). */
export function avoidedWords(text: string, entry: GlossaryEntry): string[] {
  const plain = text.replace(/\{\s*\w+\s*\}/g, " ");
  const allowed = [entry.word, ...(entry.keep ?? [])];
  return entry.avoid.filter((avoid) => positions(plain, avoid).some((at) => !covered(plain, at, at + avoid.length, allowed)));
}

/** Every message that uses an avoided word, and every exception that is no longer needed. */
export function checkGlossary(catalogs: Catalogs, glossary: Glossary): string[] {
  const problems: string[] = [];
  for (const [concept, term] of Object.entries(glossary.terms)) {
    for (const [locale, entry] of entriesOf(term)) {
      const catalog = catalogs[locale];
      if (!catalog) {
        problems.push(`${locale}: the glossary's "${concept}" is for a language with no messages`);
        continue;
      }
      // The chosen word is found as written; its other forms need a stem in `keep`.
      for (const avoid of entry.avoid.filter((a) => entry.word.includes(a) && !entry.keep?.some((k) => k.includes(a)))) {
        problems.push(`${locale}: the glossary's word for "${concept}" contains its avoided "${avoid}": add its stem to keep`);
      }
      for (const [key, text] of Object.entries(catalog)) {
        const used = avoidedWords(text, entry);
        if (entry.except && key in entry.except) {
          if (!used.length) problems.push(`${locale} ${key}: its exception for "${concept}" is no longer needed`);
          continue;
        }
        for (const avoid of used) problems.push(`${locale} ${key}: "${avoid}" for ${concept}, the glossary's word is "${entry.word}"`);
      }
      for (const key of Object.keys(entry.except ?? {})) {
        if (!(key in catalog)) problems.push(`${locale}: the exception for "${concept}" names no message: ${key}`);
      }
    }
  }
  return problems;
}

/** A message naming a tab, button or link quotes its label as the label reads, in every language. */
export function checkLabels(catalogs: Catalogs, glossary: Glossary): string[] {
  const problems: string[] = [];
  for (const [key, labels] of Object.entries(glossary.labels)) {
    if (typeof labels === "string") continue; // the "$comment"
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const text = catalog[key];
      if (text === undefined) {
        problems.push(`${locale}: no message ${key}`);
        continue;
      }
      for (const label of labels) {
        const name = catalog[label];
        if (name === undefined) problems.push(`${locale}: no label ${label}`);
        else if (!text.includes(name)) problems.push(`${locale} ${key}: does not name ${label} as it reads ("${name}")`);
      }
    }
  }
  return problems;
}
