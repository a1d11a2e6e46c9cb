/**
 * Numbers that agree: every message that holds a counted number is a `_one`/`_other` pair
 * (app/i18n/plurals.json, app/i18n/check-plurals.ts), and `plural` picks the form that reads
 * right with 1 and with 5 in all six languages: "1 बचा" and "5 बचे", never "1 बचे".
 */
import { describe, expect, it } from "vitest";
import { catalogsOf } from "~/i18n/check-glossary";
import { checkPlurals, type PluralRules, pluralPairs } from "~/i18n/check-plurals";
import pluralsJson from "~/i18n/plurals.json";
import { type Locale, locales, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

const files = import.meta.glob<Record<string, string>>("/app/i18n/messages/*/*.json", { eager: true, import: "default" });
const catalogs = catalogsOf(files);
const rules = pluralsJson as PluralRules;
const pairs = pluralPairs(catalogs.en!, rules);

type Render = (inputs: Record<string, string>, options: { locale: Locale }) => string;
const message = (key: string) => (m as unknown as Record<string, Render>)[key]!;

/** Each placeholder of a pair: its number at `count`, 9 for every other. */
function inputsFor(pair: (typeof pairs)[number], count: number): Record<string, string> {
  const names = new Set([...catalogs.en![pair.other]!.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!));
  return Object.fromEntries([...names].map((name) => [name, name === pair.count ? String(count) : "9"]));
}

/** A pair in a language with its number at `count`, the form chosen as the code chooses it. */
const render = (pair: (typeof pairs)[number], locale: Locale, count: number) =>
  plural(count, message(pair.one), message(pair.other))(inputsFor(pair, count), { locale });

/** The words after the number up to the end of its clause: what must agree with it. */
function clauseAfter(text: string, count: number): string {
  const at = text.search(new RegExp(`(?<!\\d)${count}(?!\\d)`));
  return at === -1 ? "" : text.slice(at).split(/[.।;:,(]/)[0]!;
}

/**
 * What reads wrong after the number 1 ("1 बचे", "1 మిగిలాయి", "1 ಉಳಿದಿವೆ", "1 … உள்ளன"): a plural
 * noun as the word after it, or a plural verb before its clause ends.
 */
const PLURAL_NOUN: Record<Locale, RegExp> = {
  en: /s$/,
  hi: /(?:एँ|ों)$/,
  ta: /(?:கள்|கள)/,
  te: /లు$|ల్లో$|ల$/,
  kn: /(?:ಗಳು|ಗಳ)/,
  ml: /(?:ങ്ങൾ|കൾ)/,
};
const PLURAL_VERB: Record<Locale, RegExp | null> = {
  en: /\b(?:are|have|fit)\b/,
  hi: /बचे|हैं|होंगे|रोके गए|दिखाए/,
  ta: /உள்ளன|முடிந்தன|ப்பட்டவை|கின்றன/,
  te: /ాయి|ఉన్నాయి|ఉంటాయి|ున్నాయి/,
  kn: /ಇವೆ|ದಿವೆ|ತ್ತವೆ|ಂಡಿವೆ|ದವು/,
  ml: null, // Malayalam verbs do not agree in number
};

function readsWrongWithOne(locale: Locale, text: string): string | null {
  const clause = clauseAfter(text, 1);
  const next = clause.split(/\s+/)[1] ?? "";
  if (PLURAL_NOUN[locale].test(next)) return `plural noun "${next}"`;
  const verb = PLURAL_VERB[locale] && clause.match(PLURAL_VERB[locale]!);
  return verb ? `plural verb "${verb[0]}"` : null;
}

describe("numbers that agree", () => {
  it("every message with a counted number is a _one/_other pair, or says why no word agrees with it", () => {
    expect(checkPlurals(catalogs.en!, rules)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(30);
  });

  it.each(locales)("in %s, each pair reads its singular with 1 and its plural with 5, the number shown", (locale) => {
    for (const pair of pairs) {
      const withOne = render(pair, locale, 1);
      const withFive = render(pair, locale, 5);
      expect(withOne, `${pair.key} with 1`).toBe(message(pair.one)(inputsFor(pair, 1), { locale }));
      expect(withFive, `${pair.key} with 5`).toBe(message(pair.other)(inputsFor(pair, 5), { locale }));
      if (catalogs.en![pair.one]!.includes(`{${pair.count}}`)) expect(withOne, `${pair.key} with 1`).toMatch(/(?<!\d)1(?!\d)/);
      expect(withFive, `${pair.key} with 5`).toMatch(/(?<!\d)5(?!\d)/);
      expect(readsWrongWithOne(locale, withOne), `${locale} ${pair.key} with 1: "${withOne}"`).toBeNull();
    }
  });

  it("the test's own rule catches the reviewer's examples", () => {
    expect(readsWrongWithOne("hi", "1 बचे")).toBe('plural verb "बचे"');
    expect(readsWrongWithOne("te", "1 మిగిలాయి")).toBe('plural verb "ాయి"');
    expect(readsWrongWithOne("kn", "ಈ ದಿನ 1 ಮಾತ್ರ ಉಳಿದಿವೆ.")).toBe('plural verb "ದಿವೆ"');
    expect(readsWrongWithOne("ta", "இந்த நாளில் 1 மட்டுமே மீதம் உள்ளன.")).toBe('plural verb "உள்ளன"');
    expect(readsWrongWithOne("en", "1 items in your cart")).toBe('plural noun "items"');
  });

  it("reads the reviewer's examples right: what is left of a day, and the cart nearly full", () => {
    const seatsLeft = pairs.find((pair) => pair.key === "bookings_seats_left")!;
    expect([1, 5].map((n) => render(seatsLeft, "hi", n))).toEqual(["1 बचा", "5 बचे"]);
    expect([1, 5].map((n) => render(seatsLeft, "te", n))).toEqual(["1 మిగిలింది", "5 మిగిలాయి"]);
    expect([1, 5].map((n) => render(seatsLeft, "kn", n))).toEqual(["1 ಉಳಿದಿದೆ", "5 ಉಳಿದಿವೆ"]);
    for (const key of ["bookings_cart_nearly_full", "bookings_day_too_few"]) {
      const pair = pairs.find((p) => p.key === key)!;
      expect(render(pair, "ta", 1)).toContain("மீதம் உள்ளது");
      expect(render(pair, "ta", 5)).toContain("மீதம் உள்ளன");
      expect(render(pair, "hi", 1)).toContain("1 स्थान बचा है");
    }
  });

  it("the check finds a counted message that is no pair, a half pair and an exception no longer needed", () => {
    const english = {
      home_seats_left: "{count} left",
      home_tabs: "Tabs ({count})",
      home_days_one: "{days} day",
      home_hello: "Hello {name}",
    };
    const small = { counts: ["count", "days"], noAgreement: { home_tabs: "a heading", home_hello: "stale" } };
    expect(checkPlurals(english, small)).toEqual([
      "home_seats_left takes a count ({count}): make it a home_seats_left_one/home_seats_left_other pair, or say in plurals.json why no word agrees",
      "home_days_one has no home_days_other",
      "home_hello: listed in plurals.json's noAgreement but holds no count",
    ]);
  });

  it("plural chooses the one form for exactly 1 only", () => {
    expect([0, 1, 2, 5, 21].map((n) => plural(n, "one", "other"))).toEqual(["other", "one", "other", "other", "other"]);
  });
});
