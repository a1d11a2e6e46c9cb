/**
 * What makes the translations complete: every English message exists in every language, in
 * the same area file, not empty, with the same placeholders, written in the language's own
 * script (an English leftover in the Tamil file, or a Hindi word in it, is caught here, not in
 * front of a devotee),
 * and every key starts with its area. Used by tests/i18n/i18n-messages.source.test.ts and by
 * `npm run i18n -- --check` while translating.
 */
export type MessageFiles = Record<string, Record<string, string>>;

/** The letters each language is written in. */
const SCRIPT: Record<string, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  ml: /\p{Script=Malayalam}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
};

/** Letters of the other Indian scripts (a Devanagari word left in the Malayalam file is a slip). */
const INDIC = /[\u0900-\u0963\u0966-\u0DFF]/gu; // the dandas (। ॥) are every script's
const strayScript = (locale: string, text: string) => (text.match(INDIC) ?? []).some((letter) => !SCRIPT[locale]!.test(letter));

/** Words any language keeps as they are (a brand, formats, codes): a message of only these needs no script. */
const SAME_IN_EVERY_LANGUAGE = /^(?:Sannidhi|PDF|CSV|UPI|OTP|ID|URL|E-mail|Email|₹|\+91|[\s\d\p{P}\p{S}]|\{\w+\})*$/u;

export const placeholders = (text: string) => [...text.matchAll(/(?<!\\)\{\s*([A-Za-z_]\w*)\s*\}/g)].map(([, name]) => name!).sort();

/** Problems in a set of message files keyed by path (".../messages/<locale>/<area>.json"). */
export function checkMessages(files: MessageFiles, locales: readonly string[]): string[] {
  const problems: string[] = [];
  const catalogs = new Map<string, Map<string, { area: string; text: string }>>();
  for (const [path, messages] of Object.entries(files)) {
    const match = path.match(/messages\/([^/]+)\/([^/]+)\.json$/);
    if (!match) continue;
    const [, locale, area] = match as unknown as [string, string, string];
    const catalog = catalogs.get(locale) ?? new Map();
    catalogs.set(locale, catalog);
    for (const [key, text] of Object.entries(messages)) {
      if (key === "$schema") continue;
      if (catalog.has(key)) problems.push(`${locale}: ${key} is defined twice`);
      catalog.set(key, { area, text });
    }
  }
  const english = catalogs.get("en");
  if (!english || english.size === 0) return ["no English messages"];
  for (const locale of locales) if (!catalogs.has(locale)) problems.push(`no messages in ${locale}`);
  for (const [key, { area }] of english) if (!key.startsWith(`${area}_`)) problems.push(`key not named by its area: ${area}/${key}`);
  for (const locale of locales.filter((l) => l !== "en")) {
    const catalog = catalogs.get(locale) ?? new Map<string, { area: string; text: string }>();
    for (const [key, { area, text: en }] of english) {
      const translated = catalog.get(key);
      if (!translated) {
        problems.push(`${locale}: missing ${area}/${key}`);
        continue;
      }
      if (translated.area !== area) problems.push(`${locale}: ${key} in another file (${translated.area}, English ${area})`);
      if (!translated.text.trim()) problems.push(`${locale}: empty ${key}`);
      if (placeholders(translated.text).join() !== placeholders(en).join()) {
        problems.push(`${locale}: placeholders differ in ${key} (${placeholders(translated.text)} vs ${placeholders(en)})`);
      }
      if (!SCRIPT[locale]!.test(translated.text) && !SAME_IN_EVERY_LANGUAGE.test(en)) {
        problems.push(`${locale}: not in its script: ${key} = ${JSON.stringify(translated.text)}`);
      }
      if (strayScript(locale, translated.text))
        problems.push(`${locale}: another script's letters in ${key} = ${JSON.stringify(translated.text)}`);
    }
    for (const key of catalog.keys()) if (!english.has(key)) problems.push(`${locale}: not in English: ${key}`);
  }
  return problems;
}
