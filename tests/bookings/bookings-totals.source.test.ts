import { describe, expect, it } from "vitest";
import { addDays, parseDateList, pujaBookingSchema } from "~/domain/bookings/cart/inputs";
import { checkPujaDate } from "~/domain/bookings/cart/booking-list.server";
import { bookingTotals, lineParts, lineTotal, type PricedLine, rupees } from "~/domain/bookings/cart/cart";
import { CART_PROBLEMS, type CartRow, priceCartRow } from "~/domain/bookings/cart/cart-pricing";
import { todayInIndia } from "~/lib/india-time";
import { contentRange, parseByteRange } from "~/lib/byte-ranges";

const puja = (templeId: number, amount: number, quantity: number, postalCharge = 0): PricedLine => ({
  itemType: "PUJA",
  templeId,
  templeName: `Temple ${templeId}`,
  amount,
  quantity,
  postalCharge,
});
const donation = (templeId: number, amount: number, quantity = 1): PricedLine => ({
  itemType: "DONATION",
  templeId,
  templeName: `Temple ${templeId}`,
  amount,
  quantity,
  postalCharge: 0,
});

describe("lineTotal", () => {
  it("adds postage per unit to a puja: amount x quantity + quantity x postal charge", () => {
    expect(lineTotal(puja(1, 15_000, 3, 4_000))).toBe(15_000 * 3 + 3 * 4_000);
    expect(lineTotal(puja(1, 10_150, 1))).toBe(10_150);
  });

  it("totals a donation as amount x quantity and never adds postage", () => {
    expect(lineTotal(donation(1, 50_100, 2))).toBe(100_200);
    expect(lineTotal({ ...donation(1, 1_000, 1), postalCharge: 500 })).toBe(1_000);
  });

  it("gives each line the parts the tables, receipt and legacy API show", () => {
    expect(lineParts(puja(1, 15_000, 3, 4_000))).toEqual({ itemAmount: 45_000, postalAmount: 12_000, total: 57_000 });
    expect(lineParts({ ...donation(1, 1_000, 2), postalCharge: 500 })).toEqual({ itemAmount: 2_000, postalAmount: 0, total: 2_000 });
    const [group] = bookingTotals([puja(2, 5_000, 2, 4_000)]).temples;
    expect(group!.pujas[0]).toMatchObject({ itemAmount: 10_000, postalAmount: 8_000, total: 18_000 });
  });
});

describe("bookingTotals", () => {
  it("groups by temple in order of appearance with per-temple and grand totals", () => {
    const totals = bookingTotals([puja(7, 5_000, 2, 4_000), donation(3, 100_100), puja(3, 25_000, 1), donation(7, 20_000, 2)]);
    expect(totals.temples.map((t) => t.templeId)).toEqual([7, 3]);
    const [first, second] = totals.temples;
    expect(first!.pujaTotal).toBe(5_000 * 2 + 2 * 4_000);
    expect(first!.postalTotal).toBe(8_000);
    expect(first!.donationTotal).toBe(40_000);
    expect(first!.total).toBe(18_000 + 40_000);
    expect(second!.total).toBe(125_100);
    expect(totals.grandTotal).toBe(58_000 + 125_100);
    expect(totals.pujaTotal + totals.donationTotal).toBe(totals.grandTotal);
    expect(first!.pujas[0]!.total).toBe(18_000);
  });

  it("reports a zero total for a temple's empty puja or donation group (the UI hides those)", () => {
    const totals = bookingTotals([donation(1, 5_000), puja(2, 0, 1)]);
    expect(totals.temples[0]!.pujaTotal).toBe(0);
    expect(totals.temples[0]!.pujas).toEqual([]);
    expect(totals.temples[1]!.pujaTotal).toBe(0);
    expect(totals.temples[1]!.donationTotal).toBe(0);
    expect(totals.grandTotal).toBe(5_000);
  });

  it("is empty for no lines", () => {
    expect(bookingTotals([])).toEqual({ temples: [], pujaTotal: 0, donationTotal: 0, convenienceFee: 0, grandTotal: 0 });
  });

  it("adds a convenience fee to its temple's own line and the grand total, never to the temple's total (issue 43)", () => {
    const totals = bookingTotals([{ ...puja(1, 25_100, 1), convenienceFee: 1_128 }, donation(1, 10_000), donation(2, 5_000)]);
    expect(totals.temples.map((t) => [t.total, t.convenienceFee])).toEqual([
      [35_100, 1_128],
      [5_000, 0],
    ]);
    expect(totals).toMatchObject({ pujaTotal: 25_100, donationTotal: 15_000, convenienceFee: 1_128, grandTotal: 41_228 });
    // A booking's stored fee (its lines no longer carry theirs).
    expect(bookingTotals([puja(1, 25_100, 1)], 1_128)).toMatchObject({ convenienceFee: 1_128, grandTotal: 26_228 });
  });
});

describe("money and dates", () => {
  it("formats paise with two decimals", () => {
    expect(rupees(125_050)).toBe("1250.50");
    expect(rupees(0)).toBe("0.00");
  });

  it("accepts only future dates on the puja's weekdays", () => {
    const today = "2030-01-01"; // a Tuesday
    expect(checkPujaDate("0123456", "2030-01-01", today)).toMatch(/after today/);
    expect(checkPujaDate("0123456", "2030-01-02", today)).toBeNull();
    expect(checkPujaDate("1", "2030-01-02", today)).toMatch(/Wednesdays/);
    expect(checkPujaDate("0123456", addDays(today, 400), today)).toMatch(/one year/);
    expect(checkPujaDate("0123456", "2030-02-30", today)).toMatch(/after today/);
  });

  it("reads the legacy XML date list", () => {
    expect(parseDateList("<dates><date>2030-01-02</date><date>2030-01-09</date></dates>")).toEqual(["2030-01-02", "2030-01-09"]);
    expect(parseDateList(["2030-01-02T00:00:00"])).toEqual(["2030-01-02"]);
  });

  it("validates the booking form with the spec's name message and unique dates", () => {
    const tomorrow = addDays(todayInIndia(), 2);
    const result = pujaBookingSchema.safeParse({
      templePujaId: "5",
      devotees: [{ name: "R2D2", starId: "4" }],
      dates: [tomorrow, tomorrow],
      quantity: "1",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("Enter valid name!");
    expect(messages).toContain("This date is already chosen");
  });
});

describe("cart pricing", () => {
  const row: CartRow = {
    id: 1,
    itemType: "PUJA",
    templeId: 1,
    templeName: "T",
    templeSlug: "t",
    templeOnline: true,
    itemName: "Archana",
    devoteeName: "Meera",
    starId: 4,
    starName: "Rohini",
    pujaDate: "2099-01-06",
    quantity: 2,
    postal: true,
    donationAmount: 0,
    donorAddress: null,
    templePujaId: 9,
    donationPurposeId: null,
    pujaRate: 5_000,
    pujaPostalCharge: 4_000,
    pujaActive: true,
    pujaMode: "direct",
    daysOffered: "0123456",
    purposeActive: null,
    requestId: null,
    requestRate: null,
    requestPostalCharge: null,
    requestStatus: null,
    shippingAddressId: 3,
    shippingAddress: "Meera Iyer, 14, Kutchery Road, Chennai, Tamil Nadu 600004",
    packageId: null,
    pujaChangedAt: null,
    purposeChangedAt: null,
    templeChangedAt: null,
  };

  it("prices pujas from the temple's current rate, and accepted requests from the accepted rate", () => {
    expect(priceCartRow(row, "2099-01-01")).toMatchObject({ amount: 5_000, postalCharge: 4_000, problem: null });
    const request = { ...row, requestId: 5, requestRate: 7_000, requestPostalCharge: 0, requestStatus: 1, postal: false };
    expect(priceCartRow(request, "2099-01-01")).toMatchObject({ amount: 7_000, postalCharge: 0, problem: null });
  });

  it("says why a line can no longer be paid for", () => {
    expect(priceCartRow({ ...row, pujaActive: false }, "2099-01-01").problem).toBe(CART_PROBLEMS.unavailable);
    expect(priceCartRow(row, "2099-01-06").problem).toBe(CART_PROBLEMS.datePassed);
    expect(priceCartRow({ ...row, requestId: 5, requestStatus: 4 }, "2099-01-01").problem).toBe(CART_PROBLEMS.requestClosed);
    expect(priceCartRow({ ...row, daysOffered: "0" }, "2099-01-01").problem).toBe(CART_PROBLEMS.notOffered);
  });
});

describe("byte ranges", () => {
  it("reads single ranges, open ends and suffixes", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ offset: 0, length: 100 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseByteRange("bytes=500-5000", 1000)).toEqual({ offset: 500, length: 500 });
    expect(contentRange({ offset: 900, length: 100 }, 1000)).toBe("bytes 900-999/1000");
  });

  it("sends the whole file for no or unsupported ranges and refuses ranges past the end", () => {
    expect(parseByteRange(null, 1000)).toBeNull();
    expect(parseByteRange("bytes=0-1,5-9", 1000)).toBeNull();
    expect(parseByteRange("items=0-1", 1000)).toBeNull();
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});
