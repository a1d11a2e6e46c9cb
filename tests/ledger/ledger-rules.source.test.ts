/** The ledger's periods, queries and totals: plain rules, no database. */
import { describe, expect, it } from "vitest";
import { ledgerTotals } from "~/domain/ledger/ledger.server";
import { addMonths, daysOfMonth, indiaDaysInUtc, ledgerQuerySchema, monthsOfYear, settlementQuerySchema } from "~/domain/ledger/periods";
import { refundOutsideSchema } from "~/domain/ledger/refund-inputs";
import { settlementTotals } from "~/domain/ledger/settlement.server";

describe("the ledger's rules", () => {
  it("knows a month's days, a year's months and the UTC bounds of India days", () => {
    expect(daysOfMonth("2028-02")).toHaveLength(29);
    expect(daysOfMonth("2027-02").at(-1)).toBe("2027-02-28");
    expect(monthsOfYear(2027)[11]).toBe("2027-12");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(indiaDaysInUtc("2027-03-01", "2027-03-31")).toEqual({ from: "2027-02-28T18:30:00.000Z", to: "2027-03-31T18:30:00.000Z" });
  });

  it("accepts only bounded months, years and ids", () => {
    expect(ledgerQuerySchema.safeParse({ month: "2027-03", templeId: "4" }).data).toEqual({ month: "2027-03", templeId: 4 });
    expect(ledgerQuerySchema.safeParse({ month: "2027-03", templeId: "" }).data).toEqual({ month: "2027-03" });
    for (const month of ["2027-13", "1999-01", "2027-3", "x"]) expect(ledgerQuerySchema.safeParse({ month }).success, month).toBe(false);
    expect(ledgerQuerySchema.safeParse({ templeId: "99999999999" }).success).toBe(false);
    expect(settlementQuerySchema.safeParse({ year: "2027" }).data).toEqual({ year: 2027 });
    expect(settlementQuerySchema.safeParse({ year: "3027" }).success).toBe(false);
  });

  it("totals are the sums of the rows", () => {
    const day = (received: number, booked: number) => ({
      day: "2027-03-01",
      payments: 1,
      received,
      booked,
      refunded: received - booked,
      refundOpen: 0,
      unmatched: 0,
      unmatchedCount: 0,
      fees: 10,
      convenience: 3,
      counterAtTemple: 70,
      counterCancelled: 5,
    });
    expect(ledgerTotals([day(500, 400), day(300, 300)])).toMatchObject({
      payments: 2,
      received: 800,
      booked: 700,
      refunded: 100,
      fees: 20,
      convenience: 6,
      counterAtTemple: 140,
      counterCancelled: 10,
    });
    const counter = {
      counterCash: 40,
      counterUpi: 20,
      counterGatewayUpi: 10,
      atTemple: 60,
      paidOut: 100,
      cancelledSales: 1,
      cancelled: 30,
    };
    const row = { period: "2027-03", lines: 2, pujas: 100, postage: 10, donations: 50, total: 160, ...counter };
    expect(settlementTotals([row, row])).toEqual({
      lines: 4,
      pujas: 200,
      postage: 20,
      donations: 100,
      total: 320,
      counterCash: 80,
      counterUpi: 40,
      counterGatewayUpi: 20,
      atTemple: 120,
      paidOut: 200,
      cancelledSales: 2,
      cancelled: 60,
    });
  });

  it("asks for a reference and a reason to mark a refund settled outside the portal", () => {
    const parsed = refundOutsideSchema.safeParse({ intent: "outside", refundId: "3", reference: " ", reason: "x" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["reason", "reference"]);
    expect(refundOutsideSchema.parse({ intent: "outside", refundId: "3", reference: " UTR 1234 ", reason: "Bank transfer" })).toEqual({
      intent: "outside",
      refundId: 3,
      reference: "UTR 1234",
      reason: "Bank transfer",
    });
  });
});
