/**
 * One word for each thing in every language: no message uses a word the glossary
 * (app/i18n/glossary.json) lists as a synonym to avoid, and hints quote the tabs, buttons and
 * links they name as those labels read (app/i18n/check-glossary.ts says how).
 */
import { describe, expect, it } from "vitest";
import { avoidedWords, catalogsOf, checkGlossary, checkLabels, type Glossary, type GlossaryEntry } from "~/i18n/check-glossary";
import glossaryJson from "~/i18n/glossary.json";
import { locales } from "~/lib/i18n";

const files = import.meta.glob<Record<string, string>>("/app/i18n/messages/*/*.json", { eager: true, import: "default" });
const catalogs = catalogsOf(files);
const glossary = glossaryJson as unknown as Glossary;

describe("the glossary", () => {
  it("gives every concept its word in each of the five translated languages it covers", () => {
    expect(Object.keys(catalogs).sort()).toEqual([...locales].sort());
    for (const concept of [
      "cart",
      "item",
      "sign in",
      "sign out",
      "request",
      "temple",
      "donation",
      "post",
      "favourites",
      "accepted",
      "booking",
      "devotee",
      "puja",
      "receipt",
      "payment",
      "refund",
      "prasad",
      "seat",
      "waiting room",
      "place in the queue",
      "release",
      "verified",
      "listing",
      "donor",
      "tax deduction",
      "reconciliation",
      "ledger",
      "settlement",
      "desk",
      "date",
      "save",
      "actions",
      "choose",
    ]) {
      const term = glossary.terms[concept];
      expect(term, concept).toBeDefined();
      for (const locale of locales.filter((l) => l !== "en")) expect(typeof term![locale], `${concept} in ${locale}`).toBe("object");
    }
  });

  it("every message uses the glossary's word, never a synonym it lists", () => {
    expect(checkGlossary(catalogs, glossary)).toEqual([]);
  });

  it("hints quote the tab, button or link they name exactly as its label reads", () => {
    expect(checkLabels(catalogs, glossary)).toEqual([]);
  });

  it("finds a synonym in any inflected form, but not inside the chosen word or a word kept on purpose", () => {
    const temple = { word: "கோயில்", avoid: ["கோவில"] };
    expect(avoidedWords("{temple} கோவிலுக்கு நன்கொடைகள்", temple)).toEqual(["கோவில"]);
    expect(avoidedWords("இந்தக் கோயிலுக்கு", temple)).toEqual([]);
    // అంశ ("topic") must not stand for a cart item.
    expect(avoidedWords("మీ కార్ట్‌లో {count} అంశాలు ఉన్నాయి", { word: "ఐటెమ్", avoid: ["అంశ"] })).toEqual(["అంశ"]);
    // അപേക്ഷിച്ച് ("compared with") holds അപേക്ഷ (request) but means something else: kept on purpose.
    const request = { word: "അഭ്യർത്ഥന", avoid: ["അപേക്ഷ"] };
    expect(avoidedWords("കഴിഞ്ഞ വർഷത്തെ അപേക്ഷിച്ച്", request)).toEqual(["അപേക്ഷ"]);
    expect(avoidedWords("കഴിഞ്ഞ വർഷത്തെ അപേക്ഷിച്ച്", { ...request, keep: ["അപേക്ഷിച്ച്"] })).toEqual([]);
    // Inside the chosen word itself an avoided string is no synonym.
    expect(avoidedWords("ऑनलाइन बुकिंग करें", { word: "ऑनलाइन बुकिंग", avoid: ["लाइन"] })).toEqual([]);
    expect(avoidedWords("लाइन में लगें", { word: "ऑनलाइन बुकिंग", avoid: ["लाइन"] })).toEqual(["लाइन"]);
    // A placeholder's name is not a word of the message.
    expect(avoidedWords("{cart}", { word: "कार्ट", avoid: ["cart"] })).toEqual([]);
  });

  it("catches the words the second review found, and leaves fees, lists and check codes alone", () => {
    const entry = (concept: string, locale: string) => glossary.terms[concept]![locale] as GlossaryEntry;
    // கட்டணம் is a fee: "your fee was not booked" is not a payment; the postage and the gateway's fees are fees.
    expect(avoidedWords("உங்கள் {amount} கட்டணம் முன்பதிவு செய்யப்படவில்லை", entry("payment", "ta"))).toEqual(["கட்டண"]);
    expect(avoidedWords("அஞ்சல் கட்டணம்", entry("payment", "ta"))).toEqual([]);
    expect(avoidedWords("கேட்வே கட்டணம்", entry("payment", "ta"))).toEqual([]);
    expect(avoidedWords("நாள்தோறும் பணம் செலுத்துதல்கள்", entry("payment", "ta"))).toEqual(["பணம் செலுத்துதல்கள"]);
    expect(avoidedWords("നിങ്ങളുടെ {amount} പണമടവ് ബുക്ക് ചെയ്തില്ല", entry("payment", "ml"))).toEqual(["പണമടവ"]);
    expect(avoidedWords("பணத்திருப்பம் ஆனது: {amount}", entry("refund", "ta"))).toEqual(["பணத்திருப்பம் ஆன"]);
    // सूची for the listing is caught; the day sheet stays a list (सूची).
    expect(avoidedWords("हमारी सूची की पुष्टि करें", entry("listing", "hi"))).toEqual(["सूची की पुष्टि", "हमारी सूची"]);
    expect(avoidedWords("{day} की दैनिक सूची", entry("listing", "hi"))).toEqual([]);
    // Bare கழிவு reads "waste"; the 80G deduction is வரி விலக்கு.
    expect(avoidedWords("பிரிவு 80G இன் கீழ் வரிக் கழிவுக்குத் தகுதியானவை", entry("tax deduction", "ta"))).toEqual(["கழிவு"]);
    // A donor (दानदाता) is not a provider (प्रदाता).
    expect(avoidedWords("दाता का PAN", entry("donor", "hi"))).toEqual(["दाता"]);
    expect(avoidedWords("हमारे भुगतान प्रदाता द्वारा", entry("donor", "hi"))).toEqual([]);
    // Your place in the queue is a number of its own, not a seat.
    expect(avoidedWords("కార్ట్‌లో మీ స్థానం", entry("place in the queue", "te"))).toEqual(["మీ స్థానం"]);
  });

  it("names the language, the message and the word; honours an exception with its reason, and reports one no longer needed", () => {
    const small: Glossary = {
      terms: {
        temple: {
          en: "temple",
          ta: { word: "கோயில்", avoid: ["கோவில"], except: { ta_kept: "quoted from a temple's own name", ta_clean: "stale" } },
        },
      },
      labels: { ta_hint: ["ta_tab"] },
    };
    const messages = {
      ta: {
        ta_bad: "{temple} கோவிலில் பூஜைகள்",
        ta_good: "கோயில்கள்",
        ta_kept: "அருள்மிகு கோவில்",
        ta_clean: "கோயில்",
        ta_hint: "'எனது பரிவர்த்தனைகள்' பகுதியில்",
        ta_tab: "என் பரிவர்த்தனைகள்",
      },
    };
    expect(checkGlossary(messages, small)).toEqual([
      'ta ta_bad: "கோவில" for temple, the glossary\'s word is "கோயில்"',
      'ta ta_clean: its exception for "temple" is no longer needed',
    ]);
    expect(checkLabels(messages, small)).toEqual(['ta ta_hint: does not name ta_tab as it reads ("என் பரிவர்த்தனைகள்")']);
  });
});
