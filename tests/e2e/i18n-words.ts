/** The portal's words in a language, as the message files hold them, for tests that read pages in any language. */
import { readdirSync, readFileSync } from "node:fs";
import { expect } from "./fixtures";

export type Locale = "en" | "hi" | "ta" | "ml" | "te" | "kn";

/** `t(key, values)`: the message in `locale`, with the placeholders given filled in. */
export function wordsIn(locale: Locale) {
  const dir = `app/i18n/messages/${locale}`;
  const all: Record<string, string> = {};
  for (const file of readdirSync(dir)) Object.assign(all, JSON.parse(readFileSync(`${dir}/${file}`, "utf8")));
  return (key: string, values: Record<string, string | number> = {}) => {
    expect(all[key], `${locale}: ${key}`).toBeDefined();
    return all[key]!.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** The path prefix of a language: "" for English, "/ml" for Malayalam. */
export const prefixOf = (locale: Locale) => (locale === "en" ? "" : `/${locale}`);

/** Text written in the language's own script (a puja's or temple's name in it). */
export const SCRIPT: Record<Exclude<Locale, "en">, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  ta: /\p{Script=Tamil}/u,
  ml: /\p{Script=Malayalam}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
};
