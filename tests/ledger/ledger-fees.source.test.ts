/** The platform's fee, GST on it and the invoices' numbers (issue 43): plain rules in paise, no database. */
import { describe, expect, it } from "vitest";
import {
  financialYearOf,
  gstOnFee,
  invoiceNumber,
  lineFee,
  percentText,
  ruleInEffect,
  upcomingRules,
  type FeeRule,
} from "~/domain/ledger/fees";

const rule = (id: number, kind: FeeRule["kind"], effectiveFrom: string, percentBasisPoints: number, fixedPaise = 0): FeeRule => ({
  id,
  kind,
  effectiveFrom,
  percentBasisPoints,
  fixedPaise,
});

describe("the fee of a booking line", () => {
  it("takes 5% of ₹251 and 18% GST on it, leaving the rest to the temple", () => {
    expect(lineFee(25100, { percentBasisPoints: 500, fixedPaise: 0 })).toEqual({ amount: 25100, fee: 1255, gst: 226, templeShare: 23619 });
  });

  it("rounds half a paisa up, per line: the fee first, then GST on the rounded fee", () => {
    // 2.5% of 1,00 paise = 2.5 → 3; GST 18% of 3 = 0.54 → 1.
    expect(lineFee(100, { percentBasisPoints: 250, fixedPaise: 0 })).toMatchObject({ fee: 3, gst: 1, templeShare: 96 });
    // 5% of 10 paise = 0.5 → 1; 5% of 9 = 0.45 → 0 (no fee, no GST).
    expect(lineFee(10, { percentBasisPoints: 500, fixedPaise: 0 }).fee).toBe(1);
    expect(lineFee(9, { percentBasisPoints: 500, fixedPaise: 0 })).toEqual({ amount: 9, fee: 0, gst: 0, templeShare: 9 });
    // GST of 25 paise = 4.5 → 5; of 24 = 4.32 → 4; of 75 = 13.5 → 14.
    expect([gstOnFee(25), gstOnFee(24), gstOnFee(75)]).toEqual([5, 4, 14]);
  });

  it("adds a fixed amount per line to the percentage, and never takes more than the line", () => {
    expect(lineFee(50100, { percentBasisPoints: 200, fixedPaise: 1000 })).toEqual({
      amount: 50100,
      fee: 2002,
      gst: 360,
      templeShare: 47738,
    });
    // A ₹10 fixed fee on a ₹5 line: capped so fee + GST fit in the 500 paise.
    const small = lineFee(500, { percentBasisPoints: 0, fixedPaise: 1000 });
    expect(small.fee + small.gst).toBeLessThanOrEqual(500);
    expect(small).toEqual({ amount: 500, fee: 424, gst: 76, templeShare: 0 });
    expect(lineFee(0, { percentBasisPoints: 500, fixedPaise: 1000 })).toEqual({ amount: 0, fee: 0, gst: 0, templeShare: 0 });
  });

  it("charges nothing without a rule, and sums of lines are never rounded again", () => {
    expect(lineFee(25100, null)).toEqual({ amount: 25100, fee: 0, gst: 0, templeShare: 25100 });
    const lines = [101, 101, 101].map((amount) => lineFee(amount, { percentBasisPoints: 500, fixedPaise: 0 }));
    // 5.05 paise each → 5; three lines 15, not round(15.15) by chance alone.
    expect(lines.reduce((sum, line) => sum + line.fee, 0)).toBe(15);
  });
});

describe("the rule in effect", () => {
  const rules = [
    rule(1, "puja", "2026-01-01", 500),
    rule(2, "puja", "2026-12-01", 750),
    rule(3, "puja", "2026-12-01", 700),
    rule(4, "donation", "2026-06-01", 0, 500),
    rule(5, "puja", "2027-04-01", 300),
  ];

  it("is the latest effective on or before the booking day, the newest row of its day", () => {
    expect(ruleInEffect(rules, "puja", "2025-12-31")).toBeNull();
    expect(ruleInEffect(rules, "puja", "2026-11-30")?.id).toBe(1);
    expect(ruleInEffect(rules, "puja", "2026-12-01")?.id).toBe(3);
    expect(ruleInEffect(rules, "puja", "2027-04-01")?.id).toBe(5);
    expect(ruleInEffect(rules, "donation", "2026-05-31")).toBeNull();
    expect(ruleInEffect(rules, "donation", "2026-07-01")?.id).toBe(4);
  });

  it("lists what is set to come, soonest first, one per day", () => {
    expect(upcomingRules(rules, "puja", "2026-11-29").map((r) => r.id)).toEqual([3, 5]);
    expect(upcomingRules(rules, "puja", "2027-04-01")).toEqual([]);
  });

  it("reads as a percentage", () => {
    expect([percentText(500), percentText(250), percentText(1275), percentText(1000)]).toEqual(["5%", "2.5%", "12.75%", "10%"]);
  });
});

describe("invoice numbers", () => {
  it("are numbered per financial year, April to March", () => {
    expect(financialYearOf("2027-03")).toBe("2026-27");
    expect(financialYearOf("2027-04")).toBe("2027-28");
    expect(financialYearOf("2026-12-31")).toBe("2026-27");
    expect(financialYearOf("2099-01")).toBe("2098-99");
    expect(financialYearOf("2099-04")).toBe("2099-00");
    expect(invoiceNumber("2026-27", 1)).toBe("SN/2026-27/0001");
  });
});
