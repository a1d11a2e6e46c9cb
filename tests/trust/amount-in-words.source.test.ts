/**
 * Issue 39: the 80G amount in words in the receipt's language, counted the Indian way (lakh,
 * crore), as each language writes it on a receipt.
 */
import { describe, expect, it } from "vitest";
import { rupeesInWords } from "~/domain/trust/amount-in-words";
import type { Locale } from "~/lib/i18n";

const AMOUNTS = [1, 11, 101, 1001, 1_00_000, 12_34_567, 1_00_00_000] as const;

const EXPECTED: Record<Locale, readonly string[]> = {
  en: [
    "Rupees One Only",
    "Rupees Eleven Only",
    "Rupees One Hundred One Only",
    "Rupees One Thousand One Only",
    "Rupees One Lakh Only",
    "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only",
    "Rupees One Crore Only",
  ],
  hi: [
    "रुपये एक मात्र",
    "रुपये ग्यारह मात्र",
    "रुपये एक सौ एक मात्र",
    "रुपये एक हज़ार एक मात्र",
    "रुपये एक लाख मात्र",
    "रुपये बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ मात्र",
    "रुपये एक करोड़ मात्र",
  ],
  ta: [
    "ரூபாய் ஒன்று மட்டும்",
    "ரூபாய் பதினொன்று மட்டும்",
    "ரூபாய் நூற்று ஒன்று மட்டும்",
    "ரூபாய் ஆயிரத்து ஒன்று மட்டும்",
    "ரூபாய் ஒரு லட்சம் மட்டும்",
    "ரூபாய் பன்னிரண்டு லட்சத்து முப்பத்து நான்காயிரத்து ஐநூற்று அறுபத்து ஏழு மட்டும்",
    "ரூபாய் ஒரு கோடி மட்டும்",
  ],
  te: [
    "ఒక రూపాయి మాత్రమే",
    "పదకొండు రూపాయలు మాత్రమే",
    "నూట ఒక్క రూపాయలు మాత్రమే",
    "వెయ్యి ఒక్క రూపాయలు మాత్రమే",
    "ఒక లక్ష రూపాయలు మాత్రమే",
    "పన్నెండు లక్షల ముప్పై నాలుగు వేల ఐదు వందల అరవై ఏడు రూపాయలు మాత్రమే",
    "ఒక కోటి రూపాయలు మాత్రమే",
  ],
  kn: [
    "ರೂಪಾಯಿ ಒಂದು ಮಾತ್ರ",
    "ರೂಪಾಯಿ ಹನ್ನೊಂದು ಮಾತ್ರ",
    "ರೂಪಾಯಿ ನೂರ ಒಂದು ಮಾತ್ರ",
    "ರೂಪಾಯಿ ಒಂದು ಸಾವಿರದ ಒಂದು ಮಾತ್ರ",
    "ರೂಪಾಯಿ ಒಂದು ಲಕ್ಷ ಮಾತ್ರ",
    "ರೂಪಾಯಿ ಹನ್ನೆರಡು ಲಕ್ಷದ ಮೂವತ್ನಾಲ್ಕು ಸಾವಿರದ ಐನೂರ ಅರವತ್ತೇಳು ಮಾತ್ರ",
    "ರೂಪಾಯಿ ಒಂದು ಕೋಟಿ ಮಾತ್ರ",
  ],
  ml: [
    "ഒരു രൂപ മാത്രം",
    "പതിനൊന്ന് രൂപ മാത്രം",
    "നൂറ്റി ഒന്ന് രൂപ മാത്രം",
    "ആയിരത്തി ഒന്ന് രൂപ മാത്രം",
    "ഒരു ലക്ഷം രൂപ മാത്രം",
    "പന്ത്രണ്ട് ലക്ഷത്തി മുപ്പത്തിനാലായിരത്തി അഞ്ഞൂറ്റി അറുപത്തിയേഴ് രൂപ മാത്രം",
    "ഒരു കോടി രൂപ മാത്രം",
  ],
};

describe("an amount in words", () => {
  for (const [locale, expected] of Object.entries(EXPECTED) as [Locale, readonly string[]][]) {
    it(`reads in ${locale} with Indian numbering`, () => {
      expect(AMOUNTS.map((rupees) => rupeesInWords(rupees * 100, locale))).toEqual(expected);
    });
  }

  it("names paise, and counts past a crore and between the groups", () => {
    expect(rupeesInWords(2_50_050, "hi")).toBe("रुपये दो हज़ार पाँच सौ और पचास पैसे मात्र");
    expect(rupeesInWords(2_50_050, "ta")).toBe("ரூபாய் இரண்டாயிரத்து ஐநூறு மற்றும் ஐம்பது பைசா மட்டும்");
    expect(rupeesInWords(21_000_00, "te")).toBe("ఇరవై ఒక్క వేల రూపాయలు మాత్రమే");
    expect(rupeesInWords(2_00_000_00, "ml")).toBe("രണ്ട് ലക്ഷം രൂപ മാത്രം");
    expect(rupeesInWords(150_00_00_000_00, "ta")).toBe("ரூபாய் நூற்று ஐம்பது கோடி மட்டும்");
    expect(rupeesInWords(99_99_99_999, "en")).toBe(
      "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    );
  });
});
