/**
 * Numbers that agree: "1 बचे" and "1 మిగిలాయి" read wrong, so a message that holds a counted
 * number is a `_one`/`_other` pair and code chooses its form with `plural` (app/lib/i18n.ts).
 * app/i18n/plurals.json names the placeholders that hold a count and the messages whose number
 * no word agrees with ("Pujas ({count})"), each with its reason. Used by
 * tests/i18n/i18n-plurals.source.test.ts and by `npm run i18n -- --check`.
 */
import { placeholders } from "./check-messages.ts";

export type PluralRules = { counts: string[]; noAgreement: Record<string, string> };
export type PluralPair = { key: string; one: string; other: string; count: string };

const ONE = /_one$/;

/** The `_one`/`_other` pairs of a catalog, each with the placeholder whose number chooses the form. */
export function pluralPairs(catalog: Record<string, string>, rules: PluralRules): PluralPair[] {
  const pairs: PluralPair[] = [];
  for (const one of Object.keys(catalog).filter((k) => ONE.test(k))) {
    const key = one.replace(ONE, "");
    const other = `${key}_other`;
    if (!(other in catalog)) continue;
    const counted = placeholders(catalog[other]!).filter((name) => rules.counts.includes(name));
    const count = counted.includes("count") ? "count" : counted.length === 1 ? counted[0]! : "";
    pairs.push({ key, one, other, count });
  }
  return pairs;
}

/**
 * Problems with counted messages in the English catalog (every language has the same keys and
 * placeholders, which check-messages.ts holds them to): a message with a count that is neither
 * a pair nor listed as having no agreement, a half pair, a pair without one number to choose
 * by, and a listed exception that no longer applies.
 */
export function checkPlurals(english: Record<string, string>, rules: PluralRules): string[] {
  const problems: string[] = [];
  const pairs = pluralPairs(english, rules);
  const paired = new Set(pairs.flatMap((pair) => [pair.one, pair.other]));
  for (const [key, text] of Object.entries(english)) {
    if (ONE.test(key) && !paired.has(key)) {
      problems.push(`${key} has no ${key.replace(ONE, "_other")}`);
      continue;
    }
    if (paired.has(key)) continue;
    const counted = placeholders(text).filter((name) => rules.counts.includes(name));
    if (!counted.length) {
      if (key in rules.noAgreement) problems.push(`${key}: listed in plurals.json's noAgreement but holds no count`);
      continue;
    }
    if (!(key in rules.noAgreement)) {
      const names = `{${counted.join("}, {")}}`;
      problems.push(`${key} takes a count (${names}): make it a ${key}_one/${key}_other pair, or say in plurals.json why no word agrees`);
    }
  }
  for (const pair of pairs) {
    if (!pair.count) problems.push(`${pair.key}_one/_other: no single number chooses the form: name it {count}`);
    if (pair.key in rules.noAgreement || pair.one in rules.noAgreement) problems.push(`${pair.key}: a pair, and listed in noAgreement`);
  }
  for (const key of Object.keys(rules.noAgreement))
    if (!(key in english)) problems.push(`plurals.json's noAgreement names no message: ${key}`);
  return problems;
}
