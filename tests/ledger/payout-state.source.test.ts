/** Where a booked line's money is (the bank view's words come from it), and how a month's figures add up (pure). */
import { describe, expect, it } from "vitest";
import { addToFigures, noPayoutFigures, type PayoutStateInput, payoutState } from "~/domain/ledger/payout-state";

const line = (fields: Partial<PayoutStateInput>): PayoutStateInput => ({
  atTemple: false,
  cancelled: false,
  transferStatus: null,
  onHold: false,
  settled: false,
  ...fields,
});

describe("a line's payout state", () => {
  it("follows its transfer: reversed and failed first, then settled, held, pending, released", () => {
    expect(payoutState(line({ transferStatus: "reversed", settled: true, onHold: true }))).toBe("reversed");
    expect(payoutState(line({ transferStatus: "failed", onHold: true }))).toBe("failed");
    expect(payoutState(line({ transferStatus: "processed", settled: true }))).toBe("settled");
    expect(payoutState(line({ transferStatus: "created", onHold: true }))).toBe("held");
    // A held transfer not sent yet is still money held for the temple.
    expect(payoutState(line({ transferStatus: "due", onHold: true }))).toBe("held");
    expect(payoutState(line({ transferStatus: "sending" }))).toBe("pending");
    expect(payoutState(line({ transferStatus: "processed" }))).toBe("released");
    expect(payoutState(line({ transferStatus: "created" }))).toBe("released");
  });

  it("without a transfer: received at the temple for counter cash, else paid out by Sannidhi outside the portal; cancelled sales apart", () => {
    expect(payoutState(line({ atTemple: true }))).toBe("at_temple");
    expect(payoutState(line({}))).toBe("outside");
    expect(payoutState(line({ cancelled: true, atTemple: true }))).toBe("cancelled");
  });

  it("adds lines to disjoint buckets: booked = fee + GST + transferred + held + pending + outside + at the temple", () => {
    const figures = noPayoutFigures();
    const money = (share: number, fee = 0, gst = 0, reversed = 0) => ({ lines: 1, booked: share + fee + gst, fee, gst, share, reversed });
    addToFigures(figures, "settled", money(991_94, 50_05, 9_01));
    addToFigures(figures, "released", money(2_000_00));
    addToFigures(figures, "reversed", money(283_24, 15_05, 2_71, 283_24));
    addToFigures(figures, "held", money(471_44, 25_05, 4_51));
    addToFigures(figures, "failed", money(189_14, 10_05, 1_81));
    addToFigures(figures, "outside", money(941_00, 50_00, 9_00));
    addToFigures(figures, "at_temple", money(151_00));
    addToFigures(figures, "cancelled", money(751_00));
    expect(figures).toEqual({
      lines: 7,
      booked: 5_205_00,
      fee: 150_20,
      gst: 27_04,
      transferred: 3_275_18,
      held: 471_44,
      settled: 991_94,
      reversed: 283_24,
      pending: 189_14,
      outside: 941_00,
      atTemple: 151_00,
    });
    const { booked, fee, gst, transferred, held, pending, outside, atTemple } = figures;
    expect(booked).toBe(fee + gst + transferred + held + pending + outside + atTemple);
  });
});
