import { describe, expect, it } from "vitest";
import { formatRupees, isTruncated, rupeesFixed, shortDate, truncate } from "~/domain/text";

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
