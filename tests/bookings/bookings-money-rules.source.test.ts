/** The rules behind issue 10 #2-#4 as plain functions: statement sizes, the cart's cap, what a payment books. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1_MAX_BOUND_PARAMETERS, insertInChunks, rowsPerInsert } from "~/db/batch.server";
import { createDb } from "~/db/client.server";
import { cartItems, requests, transactionLines } from "~/db/schema";
import { CART_LIMIT_MESSAGES, cartRoomProblem, MAX_CART_LINES } from "~/domain/bookings/cart/cart";
import { CART_PROBLEMS, type CartLine } from "~/domain/bookings/cart/cart-pricing";
import {
  type FrozenLine,
  freezeLine,
  lineVerdict,
  orderMatchesCart,
  orderVerdict,
  webhookPaidAt,
} from "~/domain/bookings/cart/checkout-lines";
import { CHECKOUT_MESSAGES } from "~/domain/bookings/cart/checkout-messages";

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  itemType: "PUJA",
  templeId: 1,
  templeName: "T",
  templeSlug: "t",
  itemName: "Archana",
  devoteeName: "Meera Iyer",
  starId: 4,
  starName: "Rohini",
  pujaDate: "2099-01-06",
  quantity: 1,
  amount: 500_000,
  postalCharge: 0,
  templePujaId: 9,
  donationPurposeId: null,
  requestId: null,
  shippingAddressId: null,
  shippingAddress: null,
  packageId: null,
  problem: null,
  changeTimes: [],
  seatsLeft: null,
  ...overrides,
});

const ORDERED = "2099-01-01T10:00:00.000Z";
const PAID = "2099-01-01T10:10:00.000Z";
const BEFORE_PAYMENT = "2099-01-01T10:05:00.000Z";
const AFTER_PAYMENT = "2099-01-01T10:15:00.000Z";

describe("inserts sized under D1's 100 bound parameters", () => {
  it("splits the largest cart's booking lines into statements of a few rows each", () => {
    const db = createDb(env.DB);
    // 21 columns (the gotra among them): 4 rows under D1's 100 bound parameters.
    expect(rowsPerInsert(transactionLines)).toBe(4);
    const rows = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      transactionId: 1,
      itemType: "PUJA" as const,
      templeId: 1,
      itemName: "Archana",
      devoteeName: "Meera Iyer",
      amount: 100,
      cartItemId: i + 1,
    }));
    const statements = insertInChunks(db, transactionLines, rows);
    expect(statements).toHaveLength(Math.ceil(MAX_CART_LINES / 4));
    for (const statement of statements) expect(statement.toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
  });

  it("sizes cart lines and requests the same way (the largest puja form: 10 devotees x 10 dates)", () => {
    const db = createDb(env.DB);
    const cartRows = Array.from({ length: MAX_CART_LINES }, () => ({
      customerId: 1,
      itemType: "PUJA" as const,
      templeId: 1,
      devoteeName: "Meera Iyer",
    }));
    const requestRows = Array.from({ length: 100 }, () => ({
      customerId: 1,
      templeId: 1,
      templePujaId: 1,
      devoteeName: "Meera Iyer",
      pujaDate: "2099-01-06",
    }));
    for (const statement of [...insertInChunks(db, cartItems, cartRows), ...insertInChunks(db, requests, requestRows)]) {
      expect(statement.toSQL().params.length).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    }
    expect(insertInChunks(db, cartItems, [])).toEqual([]);
  });
});

describe("the cart's cap", () => {
  it("says how many more fit, and when none do", () => {
    expect(cartRoomProblem(0, MAX_CART_LINES)).toBeNull();
    expect(cartRoomProblem(45, 10)).toBe(CART_LIMIT_MESSAGES.tooMany(10, 5));
    expect(CART_LIMIT_MESSAGES.tooMany(10, 5)).toContain("only 5 more fit in your cart (50 items at most)");
    expect(CART_LIMIT_MESSAGES.tooMany(2, 1)).toContain("only 1 more fits");
    expect(cartRoomProblem(50, 1)).toBe(CART_LIMIT_MESSAGES.full);
  });
});

describe("what a payment books", () => {
  const frozen = freezeLine(line());
  const verdict = (current: CartLine | undefined, booked = false) => lineVerdict(frozen, current, booked, ORDERED, PAID);

  it("books the same line at the same price, and refunds lines already paid or gone from the cart", () => {
    expect(verdict(line())).toBe("book");
    expect(verdict(line({ itemName: "Renamed", templeName: "Renamed" }))).toBe("book");
    expect(verdict(undefined, true)).toBe("already-paid");
    expect(verdict(undefined)).toBe("changed");
  });

  it("refunds a change made before the payment and honours one made after it", () => {
    expect(verdict(line({ amount: 550_000, changeTimes: [BEFORE_PAYMENT] }))).toBe("changed");
    expect(verdict(line({ amount: 550_000, changeTimes: [AFTER_PAYMENT] }))).toBe("honour");
    expect(verdict(line({ amount: 550_000, changeTimes: [BEFORE_PAYMENT, AFTER_PAYMENT] }))).toBe("changed");
    expect(verdict(line({ problem: CART_PROBLEMS.unavailable, changeTimes: [BEFORE_PAYMENT] }))).toBe("unavailable");
    expect(verdict(line({ problem: CART_PROBLEMS.unavailable, changeTimes: [AFTER_PAYMENT] }))).toBe("honour");
    // A change with no recorded time (or one older than the order) cannot be placed after the payment.
    expect(verdict(line({ amount: 550_000 }))).toBe("changed");
    expect(verdict(line({ amount: 550_000, changeTimes: ["2098-12-31T00:00:00.000Z"] }))).toBe("changed");
  });

  it("never honours a passed date or a request the temple no longer accepts", () => {
    expect(verdict(line({ problem: CART_PROBLEMS.datePassed, changeTimes: [AFTER_PAYMENT] }))).toBe("unavailable");
    const request = freezeLine(line({ requestId: 7, amount: 300_000 }));
    expect(lineVerdict(request, line({ requestId: 7, amount: 300_000, changeTimes: [BEFORE_PAYMENT] }), false, ORDERED, PAID)).toBe("book");
    expect(
      lineVerdict(
        request,
        line({ requestId: 7, amount: 300_000, problem: CART_PROBLEMS.requestClosed, changeTimes: [AFTER_PAYMENT] }),
        false,
        ORDERED,
        PAID,
      ),
    ).toBe("unavailable");
  });

  it("refunds an order paid after it expired, and names the weightiest reason", () => {
    const order = { createdAt: ORDERED, expiresAt: "2099-01-01T10:30:00.000Z", lines: [frozen] };
    const current = new Map([[1, line()]]);
    expect(orderVerdict(order, current, new Set(), PAID)).toEqual({ ok: true, honoured: [] });
    expect(orderVerdict(order, current, new Set(), "2099-01-01T10:30:00.001Z")).toEqual({ ok: false, reason: "expired" });
    expect(orderVerdict({ ...order, expiresAt: null }, current, new Set(), "2099-01-01T10:31:00.000Z")).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(orderVerdict(order, new Map(), new Set([1]), "2099-01-01T10:31:00.000Z")).toEqual({ ok: false, reason: "already-paid" });
    const honoured = new Map([[1, line({ amount: 1, changeTimes: [AFTER_PAYMENT] })]]);
    expect(orderVerdict(order, honoured, new Set(), PAID)).toEqual({ ok: true, honoured: [1] });
  });

  it("lets a payment page stand only while the cart holds exactly the order's lines", () => {
    const frozenLines: FrozenLine[] = [frozen];
    expect(orderMatchesCart(frozenLines, { lines: [line()], payable: true })).toBe(true);
    expect(orderMatchesCart(frozenLines, { lines: [line(), line({ id: 2 })], payable: true })).toBe(false);
    expect(orderMatchesCart(frozenLines, { lines: [line({ amount: 1 })], payable: true })).toBe(false);
    expect(orderMatchesCart(frozenLines, { lines: [line()], payable: false })).toBe(false);
  });

  it("takes a webhook's payment time from the payment, never later than now", () => {
    const now = new Date("2099-01-01T10:20:00.000Z");
    expect(webhookPaidAt(Date.parse(PAID) / 1000, now).toISOString()).toBe(PAID);
    expect(webhookPaidAt(Date.parse("2099-01-02T00:00:00Z") / 1000, now)).toEqual(now);
    expect(webhookPaidAt(undefined, now)).toEqual(now);
  });

  it("tells the devotee nothing was booked and when the money comes back, in the spec's words", () => {
    expect(CHECKOUT_MESSAGES.refunded("changed")).toContain("Nothing was booked");
    expect(CHECKOUT_MESSAGES.refunded("changed")).toContain("refunded in 4-5 working days");
  });
});
