import { describe, expect, it } from "vitest";
import { formatRupees, isTruncated, longDate, rupeesFixed, shortDate, truncate } from "~/domain/text";
import { dayBetween, wholeNumber } from "~/domain/text-fields";

describe("truncate", () => {
  it("keeps text at or under the limit", () => {
    expect(truncate("Guruvayur", 40)).toBe("Guruvayur");
    expect(truncate("x".repeat(40), 40)).toBe("x".repeat(40));
    expect(isTruncated("x".repeat(40), 40)).toBe(false);
  });

  it("cuts text over the limit and marks the cut", () => {
    const long = "Sree Krishna Swamy Temple, Guruvayur, Thrissur District";
    expect(truncate(long, 40)).toBe(`${long.slice(0, 40).trimEnd()}…`);
    expect(isTruncated(long, 40)).toBe(true);
  });

  it("counts Indic characters as characters, not bytes", () => {
    expect(truncate("ഗുരുവായൂർ", 40)).toBe("ഗുരുവായൂർ");
  });

  it("cuts every kind of text where a person's count of characters says, whatever the path", () => {
    const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
    const reference = (text: string, limit: number) => {
      const clusters = [...segmenter.segment(text)].map((s) => s.segment);
      return clusters.length <= limit ? text : `${clusters.slice(0, limit).join("").trimEnd()}…`;
    };
    const texts = [
      "Sree Krishna Swamy Temple, Guruvayur",
      "ശ്രീ കൃഷ്ണ സ്വാമി ക്ഷേത്രം, ഗുരുവായൂർ",
      "Café de\u0301 Temple",
      "Line one\r\nLine two\r\nLine three",
      "Tab\tseparated, 🙏🏽 namaste, क्षत्रिय",
      "ASCII only ~!@#$%^&*()_+{}|:<>?",
    ];
    for (const text of texts) {
      for (const limit of [1, 5, 10, 17, 30, 100]) expect(truncate(text, limit), `${text} @ ${limit}`).toBe(reference(text, limit));
    }
  });

  it("treats null as empty", () => {
    expect(truncate(null, 10)).toBe("");
  });
});

describe("money and dates", () => {
  it("formats paise as rupees with two decimals and Indian grouping", () => {
    expect(formatRupees(125_000)).toBe("₹1,250.00");
    expect(formatRupees(1_234_567_89)).toBe("₹12,34,567.89");
    expect(rupeesFixed(5050)).toBe("50.50");
  });

  it("shows dates as their first 10 characters", () => {
    expect(shortDate("2026-11-21T10:20:30.000Z")).toBe("2026-11-21");
  });
});

describe("longDate", () => {
  it("writes a date for prose as each language writes it, whichever language was formatted before", () => {
    expect(longDate("2027-01-15", "en")).toBe("15 Jan 2027");
    expect(longDate("2027-01-15", "ml")).toBe("2027 ജനുവരി 15");
    expect(longDate("2027-01-15T10:00:00Z", "en")).toBe("15 Jan 2027");
    expect(longDate("2027-01-15", "hi")).toBe("15 जनवरी 2027");
    expect(longDate("2027-01-15", "ta")).toBe("15 ஜனவரி 2027");
    expect(longDate("2027-01-15", "te")).toBe("15 జనవరి 2027");
    expect(longDate("2027-01-15", "kn")).toBe("15 ಜನವರಿ 2027");
    expect(longDate("2026-11-03", "te")).toBe("3 నవంబర్ 2026");
    expect(longDate("2026-11-03", "kn")).toBe("3 ನವೆಂಬರ್ 2026");
    expect(longDate("2027-01-15", "en")).toBe("15 Jan 2027");
    expect(longDate("not a date", "en")).toBe("not a date");
  });

  it("puts no comma in any language's prose date", () => {
    for (const locale of ["en", "hi", "ta", "ml", "te", "kn"] as const) {
      for (const iso of ["2027-01-15", "2026-05-01", "2026-12-31"])
        expect(longDate(iso, locale), `${locale} ${iso}`).toMatch(/^[^,]+ [^,]+ [^,]+$/);
    }
  });
});

describe("numbers and dates people type", () => {
  const rate = wholeNumber("Enter a whole number from 1 to 100000.", 1, 100_000);
  const day = dayBetween(
    "Choose a date.",
    () => "2026-01-01",
    () => "2028-12-31",
    "Choose a date in 2026 to 2028.",
  );

  it("reads a whole number only in plain digits, within its bounds", () => {
    expect(rate.safeParse(" 600 ").data).toBe(600);
    expect(rate.safeParse("100000").data).toBe(100_000);
    for (const typed of ["0x10", "1e3", "+600", "-5", "600.0", "6 00", "Infinity", "", "0", "100001", "٦٠٠"]) {
      const parsed = rate.safeParse(typed);
      expect(parsed.success, typed).toBe(false);
      expect(parsed.error?.issues[0]?.message, typed).toBe("Enter a whole number from 1 to 100000.");
    }
  });

  it("reads a day only as one on the calendar, within its bounds, each refusal with its message", () => {
    expect(day.safeParse("2026-01-01").data).toBe("2026-01-01");
    expect(day.safeParse("2028-12-31").data).toBe("2028-12-31");
    for (const typed of ["2027-02-30", "2027-13-01", "27-01-01", "2027-1-1", "tomorrow"]) {
      expect(day.safeParse(typed).error?.issues[0]?.message, typed).toBe("Choose a date.");
    }
    for (const typed of ["2025-12-31", "2029-01-01", "0001-01-01", "9999-12-31"]) {
      expect(day.safeParse(typed).error?.issues[0]?.message, typed).toBe("Choose a date in 2026 to 2028.");
    }
  });
});
