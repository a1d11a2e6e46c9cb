/**
 * The translations are complete: every message exists in all six languages, with the same
 * placeholders, and reads in its language's script (app/i18n/check-messages.ts says how).
 */
import { describe, expect, it } from "vitest";
import { checkMessages, type MessageFiles } from "~/i18n/check-messages";
import { locales } from "~/lib/i18n";

const files = import.meta.glob<Record<string, string>>("/app/i18n/messages/*/*.json", { eager: true, import: "default" }) as MessageFiles;

describe("the six languages' messages", () => {
  it("are complete in every language, with the same placeholders, in each language's script", () => {
    expect(Object.keys(files).length).toBeGreaterThan(locales.length);
    expect(checkMessages(files, locales)).toEqual([]);
  });

  it("the check catches a missing message, a changed placeholder, an English leftover and another script's letters", () => {
    const problems = checkMessages(
      {
        "/messages/en/home.json": { home_a: "Hello {name}", home_b: "Temples", home_c: "Book" },
        "/messages/ml/home.json": { home_a: "നമസ്കാരം {naam}", home_b: "Temples" },
        "/messages/hi/home.json": { home_a: "नमस्ते {name}", home_b: "मंदिर", home_c: "बुक क्षेत्രം" },
      },
      ["en", "hi", "ml"],
    );
    expect(problems).toEqual([
      'hi: another script\'s letters in home_c = "बुक क्षेत्രം"',
      "ml: placeholders differ in home_a (naam vs name)",
      'ml: not in its script: home_b = "Temples"',
      "ml: missing home/home_c",
    ]);
  });
});
