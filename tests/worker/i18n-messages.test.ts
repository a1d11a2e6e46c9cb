/**
 * The translations are complete: every message exists in all six languages, with the same
 * placeholders, and reads in its language's script (an English leftover in the Tamil file
 * fails here, not in front of a devotee).
 */
import { describe, expect, it } from "vitest";
import { locales } from "~/lib/i18n";

const files = import.meta.glob<Record<string, string>>("/app/i18n/messages/*/*.json", { eager: true, import: "default" });

/** Each language's messages, merged over its area files ("$schema" is not a message). */
const catalogs = new Map<string, Map<string, { area: string; text: string }>>();
for (const [path, messages] of Object.entries(files)) {
  const [, locale, area] = path.match(/messages\/([^/]+)\/([^/]+)\.json$/)!;
  const catalog = catalogs.get(locale!) ?? new Map();
  catalogs.set(locale!, catalog);
  for (const [key, text] of Object.entries(messages)) {
    if (key === "$schema") continue;
    expect(catalog.has(key), `${key} is defined twice in ${locale}`).toBe(false);
    catalog.set(key, { area: area!, text });
  }
}
const english = catalogs.get("en")!;

const placeholders = (text: string) => [...text.matchAll(/(?<!\\)\{\s*([A-Za-z_]\w*)\s*\}/g)].map(([, name]) => name).sort();

/** The letters each language is written in. */
const SCRIPT: Record<string, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  ml: /\p{Script=Malayalam}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
};

/** Words any language keeps as they are (a brand, formats, codes): a message of only these needs no script. */
const SAME_IN_EVERY_LANGUAGE = /^(?:Sannidhi|PDF|CSV|UPI|OTP|ID|URL|E-mail|Email|₹|\+91|[\s\d\p{P}\p{S}]|\{\w+\})*$/u;

describe("the six languages' messages", () => {
  it("are six, with areas in step", () => {
    expect([...catalogs.keys()].sort()).toEqual([...locales].sort());
    expect(english.size).toBeGreaterThan(0);
  });

  for (const locale of locales.filter((l) => l !== "en")) {
    it(`${locale}: every English message is translated, with the same placeholders, in ${locale}'s script`, () => {
      const catalog = catalogs.get(locale)!;
      const problems: string[] = [];
      for (const [key, { area, text: en }] of english) {
        const translated = catalog.get(key);
        if (!translated) {
          problems.push(`missing: ${area}/${key}`);
          continue;
        }
        if (translated.area !== area) problems.push(`in another file: ${key} (${translated.area}, English ${area})`);
        if (!translated.text.trim()) problems.push(`empty: ${key}`);
        if (placeholders(translated.text).join() !== placeholders(en).join()) {
          problems.push(`placeholders differ: ${key} (${placeholders(translated.text)} vs ${placeholders(en)})`);
        }
        if (!SCRIPT[locale]!.test(translated.text) && !SAME_IN_EVERY_LANGUAGE.test(en)) {
          problems.push(`not in ${locale}'s script: ${key} = ${JSON.stringify(translated.text)}`);
        }
      }
      for (const key of catalog.keys()) if (!english.has(key)) problems.push(`not in English: ${key}`);
      expect(problems).toEqual([]);
    });
  }

  it("name keys by their area, so two files never fight over one", () => {
    const strays = [...english].filter(([key, { area }]) => !key.startsWith(`${area}_`)).map(([key, { area }]) => `${area}/${key}`);
    expect(strays).toEqual([]);
  });
});
