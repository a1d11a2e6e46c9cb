/**
 * An amount in words as Indian receipts write it, in the receipt's language, counted the Indian
 * way (thousand, lakh, crore): 100100 paise is "Rupees One Thousand One Only", "रुपये एक हज़ार
 * एक मात्र", "ரூபாய் ஆயிரத்து ஒன்று மட்டும்". Each language says a number its own way: Hindi
 * names every number below a hundred; the Dravidian languages join tens and units, and a
 * hundred, thousand or lakh followed by more takes a joining form (Tamil ஆயிரத்து, Telugu
 * వేల, Kannada ಸಾವಿರದ, Malayalam ആയിരത്തി). Pure and browser-safe.
 */
import type { Locale } from "~/lib/i18n";

type Scale = "thousand" | "lakh" | "crore";

/** Words given a few to a string, apart by spaces (long lists stay within a line). */
const splitWords = (...parts: string[]) => parts.join(" ").split(" ");

interface Speller {
  zero: string;
  /** 1..99. */
  belowHundred(n: number): string;
  /** 1..9 hundreds; `more`: more words follow. */
  hundreds(count: number, more: boolean): string;
  /** `count` of a scale, `words` the count spelled; `more`: more words follow. */
  scale(count: number, words: string, scale: Scale, more: boolean): string;
  rupees(words: string, paise: string | null): string;
}

/** Whole rupees in the Indian system, in one language. */
function spell(n: number, speller: Speller): string {
  if (n === 0) return speller.zero;
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const hundred = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (crore) parts.push(speller.scale(crore, spell(crore, speller), "crore", n % 10_000_000 > 0));
  if (lakh) parts.push(speller.scale(lakh, speller.belowHundred(lakh), "lakh", n % 100_000 > 0));
  if (thousand) parts.push(speller.scale(thousand, speller.belowHundred(thousand), "thousand", n % 1000 > 0));
  if (hundred) parts.push(speller.hundreds(hundred, rest > 0));
  if (rest) parts.push(speller.belowHundred(rest));
  return parts.join(" ");
}

const EN_ONES = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve"];
const EN_TEENS = ["Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"];
const EN_TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];
const EN_SCALES: Record<Scale, string> = { thousand: "Thousand", lakh: "Lakh", crore: "Crore" };

const english: Speller = {
  zero: "Zero",
  belowHundred(n) {
    if (n <= 12) return EN_ONES[n]!;
    if (n < 20) return EN_TEENS[n - 13]!;
    const unit = n % 10;
    return unit ? `${EN_TENS[Math.floor(n / 10)]}-${EN_ONES[unit]}` : EN_TENS[Math.floor(n / 10)]!;
  },
  hundreds: (count) => `${EN_ONES[count]} Hundred`,
  scale: (_count, words, scale) => `${words} ${EN_SCALES[scale]}`,
  rupees: (words, paise) => `Rupees ${words}${paise ? ` and ${paise} Paise` : ""} Only`,
};

/** Hindi names each number from 1 to 99. */
const HI_BELOW_HUNDRED = (
  "एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस " +
  "इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस " +
  "छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस " +
  "अड़तालीस उनचास पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ " +
  "तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर " +
  "छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी " +
  "नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे"
).split(" ");
const HI_SCALES: Record<Scale, string> = { thousand: "हज़ार", lakh: "लाख", crore: "करोड़" };

const hindi: Speller = {
  zero: "शून्य",
  belowHundred: (n) => HI_BELOW_HUNDRED[n - 1]!,
  hundreds: (count) => `${HI_BELOW_HUNDRED[count - 1]} सौ`,
  scale: (_count, words, scale) => `${words} ${HI_SCALES[scale]}`,
  rupees: (words, paise) => `रुपये ${words}${paise ? ` और ${paise} पैसे` : ""} मात्र`,
};

/** Tens and units apart or joined by a joining form of the tens (`joined[tens]`). */
function tensAndUnits(
  n: number,
  units: readonly string[],
  teens: readonly string[],
  tens: readonly string[],
  join: (t: number, u: string) => string,
) {
  if (n < 10) return units[n]!;
  if (n < 20) return teens[n - 10]!;
  const unit = n % 10;
  return unit ? join(Math.floor(n / 10), units[unit]!) : tens[Math.floor(n / 10)]!;
}

const TA_UNITS = ["", "ஒன்று", "இரண்டு", "மூன்று", "நான்கு", "ஐந்து", "ஆறு", "ஏழு", "எட்டு", "ஒன்பது"];
const TA_TEENS = [...splitWords("பத்து பதினொன்று பன்னிரண்டு பதின்மூன்று பதினான்கு", "பதினைந்து பதினாறு பதினேழு பதினெட்டு பத்தொன்பது")];
const TA_TENS = ["", "", "இருபது", "முப்பது", "நாற்பது", "ஐம்பது", "அறுபது", "எழுபது", "எண்பது", "தொண்ணூறு"];
const TA_TENS_JOINING = ["", "", "இருபத்து", "முப்பத்து", "நாற்பத்து", "ஐம்பத்து", "அறுபத்து", "எழுபத்து", "எண்பத்து", "தொண்ணூற்று"];
const TA_HUNDREDS = ["", "நூறு", "இருநூறு", "முந்நூறு", "நானூறு", "ஐநூறு", "அறுநூறு", "எழுநூறு", "எண்ணூறு", "தொள்ளாயிரம்"];
const TA_HUNDREDS_JOINING_WORDS = "நூற்று இருநூற்று முந்நூற்று நானூற்று ஐநூற்று அறுநூற்று எழுநூற்று";
const TA_HUNDREDS_JOINING = ["", ...splitWords(TA_HUNDREDS_JOINING_WORDS, "எண்ணூற்று தொள்ளாயிரத்து")];

const tamil: Speller = {
  zero: "பூஜ்ஜியம்",
  belowHundred: (n) => tensAndUnits(n, TA_UNITS, TA_TEENS, TA_TENS, (t, u) => `${TA_TENS_JOINING[t]} ${u}`),
  hundreds: (count, more) => (more ? TA_HUNDREDS_JOINING : TA_HUNDREDS)[count]!,
  scale(count, words, scale, more) {
    if (scale === "thousand") {
      const thousand = more ? "ஆயிரத்து" : "ஆயிரம்";
      // இரண்டு + ஆயிரம் = இரண்டாயிரம்: the count's final u gives way to the thousand's a.
      if (count === 1) return thousand;
      return words.endsWith("ு") ? `${words.slice(0, -1)}ா${thousand.slice(1)}` : `${words} ${thousand}`;
    }
    const counted = count === 1 ? "ஒரு" : words;
    if (scale === "lakh") return `${counted} ${more ? "லட்சத்து" : "லட்சம்"}`;
    return `${counted} ${more ? "கோடியே" : "கோடி"}`;
  },
  rupees: (words, paise) => `ரூபாய் ${words}${paise ? ` மற்றும் ${paise} பைசா` : ""} மட்டும்`,
};

const TE_UNITS = ["", "ఒకటి", "రెండు", "మూడు", "నాలుగు", "ఐదు", "ఆరు", "ఏడు", "ఎనిమిది", "తొమ్మిది"];
const TE_TEENS = ["పది", "పదకొండు", "పన్నెండు", "పదమూడు", "పద్నాలుగు", "పదిహేను", "పదహారు", "పదిహేడు", "పద్దెనిమిది", "పందొమ్మిది"];
const TE_TENS = ["", "", "ఇరవై", "ముప్పై", "నలభై", "యాభై", "అరవై", "డెబ్బై", "ఎనభై", "తొంభై"];
/** A count before a noun: ఒకటి ("one") becomes ఒక్క (ఇరవై ఒక్క వేలు). */
const teluguCount = (words: string) => (words.endsWith("ఒకటి") ? `${words.slice(0, -"ఒకటి".length)}ఒక్క` : words);

const telugu: Speller = {
  zero: "సున్నా",
  belowHundred: (n) => tensAndUnits(n, TE_UNITS, TE_TEENS, TE_TENS, (t, u) => `${TE_TENS[t]} ${u}`),
  // Hundreds, thousands, lakhs and crores take their joining form before more words and before రూపాయలు alike.
  hundreds: (count, more) => (count === 1 ? (more ? "నూట" : "వంద") : `${TE_UNITS[count]} వందల`),
  scale(count, words, scale) {
    if (count === 1) return { thousand: "వెయ్యి", lakh: "ఒక లక్ష", crore: "ఒక కోటి" }[scale];
    return `${teluguCount(words)} ${{ thousand: "వేల", lakh: "లక్షల", crore: "కోట్ల" }[scale]}`;
  },
  rupees(words, paise) {
    const rupees = words === "ఒకటి" ? "ఒక రూపాయి" : `${teluguCount(words)} రూపాయలు`;
    return `${rupees}${paise ? ` ${paise} పైసలు` : ""} మాత్రమే`;
  },
};

const KN_UNITS = ["", "ಒಂದು", "ಎರಡು", "ಮೂರು", "ನಾಲ್ಕು", "ಐದು", "ಆರು", "ಏಳು", "ಎಂಟು", "ಒಂಬತ್ತು"];
const KN_TEENS = ["ಹತ್ತು", "ಹನ್ನೊಂದು", "ಹನ್ನೆರಡು", "ಹದಿಮೂರು", "ಹದಿನಾಲ್ಕು", "ಹದಿನೈದು", "ಹದಿನಾರು", "ಹದಿನೇಳು", "ಹದಿನೆಂಟು", "ಹತ್ತೊಂಬತ್ತು"];
const KN_TENS = ["", "", "ಇಪ್ಪತ್ತು", "ಮೂವತ್ತು", "ನಲವತ್ತು", "ಐವತ್ತು", "ಅರವತ್ತು", "ಎಪ್ಪತ್ತು", "ಎಂಬತ್ತು", "ತೊಂಬತ್ತು"];
const KN_HUNDREDS = ["", "ನೂರು", "ಇನ್ನೂರು", "ಮುನ್ನೂರು", "ನಾನೂರು", "ಐನೂರು", "ಆರುನೂರು", "ಏಳುನೂರು", "ಎಂಟುನೂರು", "ಒಂಬೈನೂರು"];
/** The vowel signs that join a Kannada vowel to the consonant before it. */
const KN_VOWEL_SIGNS: Record<string, string> = { ಒ: "ೊ", ಎ: "ೆ", ಐ: "ೈ", ಆ: "ಾ", ಏ: "ೇ" };

/** ಇಪ್ಪತ್ತು + ಒಂದು = ಇಪ್ಪತ್ತೊಂದು, ಇಪ್ಪತ್ತು + ಮೂರು = ಇಪ್ಪತ್ಮೂರು. */
function kannadaTensAndUnit(tens: string, unit: string): string {
  const sign = KN_VOWEL_SIGNS[unit[0]!];
  return sign ? `${tens.slice(0, -1)}${sign}${unit.slice(1)}` : `${tens.slice(0, -2)}${unit}`;
}

const kannada: Speller = {
  zero: "ಸೊನ್ನೆ",
  belowHundred: (n) => tensAndUnits(n, KN_UNITS, KN_TEENS, KN_TENS, (t, u) => kannadaTensAndUnit(KN_TENS[t]!, u)),
  hundreds: (count, more) => (more ? KN_HUNDREDS[count]!.slice(0, -1) : KN_HUNDREDS[count]!),
  scale(_count, words, scale, more) {
    if (scale === "crore") return `${words} ಕೋಟಿ`;
    return `${words} ${scale === "thousand" ? "ಸಾವಿರ" : "ಲಕ್ಷ"}${more ? "ದ" : ""}`;
  },
  rupees: (words, paise) => `ರೂಪಾಯಿ ${words}${paise ? ` ಮತ್ತು ${paise} ಪೈಸೆ` : ""} ಮಾತ್ರ`,
};

const ML_UNITS = ["", "ഒന്ന്", "രണ്ട്", "മൂന്ന്", "നാല്", "അഞ്ച്", "ആറ്", "ഏഴ്", "എട്ട്", "ഒമ്പത്"];
const ML_TEENS = ["പത്ത്", "പതിനൊന്ന്", "പന്ത്രണ്ട്", "പതിമൂന്ന്", "പതിനാല്", "പതിനഞ്ച്", "പതിനാറ്", "പതിനേഴ്", "പതിനെട്ട്", "പത്തൊമ്പത്"];
const ML_TENS = ["", "", "ഇരുപത്", "മുപ്പത്", "നാല്പത്", "അമ്പത്", "അറുപത്", "എഴുപത്", "എൺപത്", "തൊണ്ണൂറ്"];
const ML_TENS_JOINING = ["", "", "ഇരുപത്തി", "മുപ്പത്തി", "നാല്പത്തി", "അമ്പത്തി", "അറുപത്തി", "എഴുപത്തി", "എൺപത്തി", "തൊണ്ണൂറ്റി"];
const ML_HUNDREDS = ["", "നൂറ്", "ഇരുനൂറ്", "മുന്നൂറ്", "നാനൂറ്", "അഞ്ഞൂറ്", "അറുനൂറ്", "എഴുനൂറ്", "എണ്ണൂറ്", "തൊള്ളായിരം"];
const ML_HUNDREDS_JOINING_WORDS = "നൂറ്റി ഇരുനൂറ്റി മുന്നൂറ്റി നാനൂറ്റി അഞ്ഞൂറ്റി അറുനൂറ്റി എഴുനൂറ്റി";
const ML_HUNDREDS_JOINING = ["", ...splitWords(ML_HUNDREDS_JOINING_WORDS, "എണ്ണൂറ്റി തൊള്ളായിരത്തി")];
/** A unit that starts with a vowel joins with a y glide: ഇരുപത്തി + ഒന്ന് = ഇരുപത്തിയൊന്ന്. */
const ML_GLIDES: Record<string, string> = { ഒ: "യൊ", അ: "യ", ആ: "യാ", ഏ: "യേ", എ: "യെ" };

const malayalam: Speller = {
  zero: "പൂജ്യം",
  belowHundred: (n) =>
    tensAndUnits(n, ML_UNITS, ML_TEENS, ML_TENS, (t, u) => {
      const glide = ML_GLIDES[u[0]!];
      return `${ML_TENS_JOINING[t]}${glide ? glide + u.slice(1) : u}`;
    }),
  hundreds: (count, more) => (more ? ML_HUNDREDS_JOINING : ML_HUNDREDS)[count]!,
  scale(count, words, scale, more) {
    if (scale === "thousand") {
      const thousand = more ? "ആയിരത്തി" : "ആയിരം";
      // രണ്ട് + ആയിരം = രണ്ടായിരം: the count's closing half-u gives way to the thousand's a.
      if (count === 1) return thousand;
      return words.endsWith("്") ? `${words.slice(0, -1)}ാ${thousand.slice(1)}` : `${words} ${thousand}`;
    }
    const counted = count === 1 ? "ഒരു" : words;
    if (scale === "lakh") return `${counted} ${more ? "ലക്ഷത്തി" : "ലക്ഷം"}`;
    return `${counted} കോടി`;
  },
  rupees: (words, paise) => `${words === "ഒന്ന്" ? "ഒരു" : words} രൂപ${paise ? ` ${paise} പൈസ` : ""} മാത്രം`,
};

const SPELLERS: Record<Locale, Speller> = { en: english, hi: hindi, ta: tamil, te: telugu, kn: kannada, ml: malayalam };

/** An amount in paise in words, in `locale`: 125050 → "Rupees One Thousand Two Hundred Fifty and Fifty Paise Only". */
export function rupeesInWords(paise: number, locale: Locale = "en"): string {
  const speller = SPELLERS[locale];
  const rest = paise % 100;
  return speller.rupees(spell(Math.floor(paise / 100), speller), rest ? speller.belowHundred(rest) : null);
}
