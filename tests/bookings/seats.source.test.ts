/**
 * Issue 25: a seva is never sold past what the temple can perform. Seats are taken by one
 * conditional write in D1 (the trigger on puja_seats): a checkout holds them with its order,
 * the payment books them, an accepted request takes them. Every test makes its own puja.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { addPujaToBookingList } from "~/domain/bookings/cart/booking-list.server";
import { capacityOn, daySeats } from "~/domain/bookings/seats/capacity";
import { CART_PROBLEMS } from "~/domain/bookings/cart/cart-pricing";
import { addDonationToCart, loadCart } from "~/domain/bookings/cart/cart.server";
import { CHECKOUT_MESSAGES, cancelExpiredOrders, checkOrderForPayment, startCheckout } from "~/domain/bookings/cart/checkout.server";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { decideRequest, listTempleRequests } from "~/domain/bookings/desk/requests.server";
import { todayInIndia } from "~/lib/india-time";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
import { razorpayEmulator } from "../support/razorpay-emulator";

// The production adapter against the Razorpay emulator this test run started.
const config = env as unknown as Record<"RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_API_BASE", string>;
const provider = razorpayProvider({
  keyId: config.RAZORPAY_KEY_ID,
  keySecret: config.RAZORPAY_KEY_SECRET,
  apiBase: config.RAZORPAY_API_BASE,
});
const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);
const db = () => createDb(env.DB);
const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 12);

async function newCustomers(n: number): Promise<number[]> {
  const tag = uid();
  const ids: number[] = [];
  // Three parameters a row: 30 rows a statement stays under D1's 100.
  for (let start = 0; start < n; start += 30) {
    const rows = Array.from({ length: Math.min(30, n - start) }, (_, i) => start + i);
    const statement = env.DB.prepare(
      `insert into customers (email, first_name, password_hash) values ${rows.map(() => "(?, ?, ?)").join(", ")} returning id`,
    ).bind(...rows.flatMap((i) => [`seats-${tag}-${i}@example.com`, `Devotee ${i}`, "not-a-hash"]));
    const { results } = await statement.all<{ id: number }>();
    ids.push(...results.map((row) => row.id));
  }
  return ids;
}

interface LimitedPuja {
  id: number;
  templeId: number;
  day: string;
}

/** A new puja at an online temple, offered every day, with the given limits. */
async function limitedPuja(
  settings: { capacity?: number | null; perDevotee?: number | null; mode?: "direct" | "request" },
  weeksAhead = 2,
): Promise<LimitedPuja> {
  const pair = await env.DB.prepare(
    `select t.id as temple_id, p.id as puja_id from temples t, pujas p
     where t.online_booking = 1 and t.verified = 1 and not exists (select 1 from temple_pujas tp where tp.temple_id = t.id and tp.puja_id = p.id)
     order by random() limit 1`,
  ).first<{ temple_id: number; puja_id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active, daily_capacity, per_devotee_limit)
     values (?, ?, 50000, 0, ?, '0123456', 1, ?, ?) returning id`,
  )
    .bind(pair!.temple_id, pair!.puja_id, settings.mode ?? "direct", settings.capacity ?? null, settings.perDevotee ?? null)
    .first<{ id: number }>();
  const day = nextOfferedDay("0123456", addDays(todayInIndia(), 7 * weeksAhead))!;
  return { id: row!.id, templeId: pair!.temple_id, day };
}

function addToCart(customerId: number, puja: LimitedPuja, options: { day?: string; quantity?: number; devotees?: number } = {}) {
  return addPujaToBookingList(db(), customerId, {
    templePujaId: puja.id,
    devotees: Array.from({ length: options.devotees ?? 1 }, (_, i) => ({ name: `Devotee ${i + 1}`, starId: 1 })),
    dates: [options.day ?? puja.day],
    quantity: options.quantity ?? 1,
    postal: false,
    addressId: null,
  });
}

async function pay(providerOrderId: string, now = new Date()) {
  // An order that was never opened has nothing to pay: its made-up callback is unverified.
  const fields = providerOrderId
    ? await gateway.pay(providerOrderId)
    : { razorpay_payment_id: "pay_NeverOpened000", razorpay_signature: "0".repeat(64) };
  return completePayment(
    db(),
    provider,
    { providerOrderId, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature },
    now,
  );
}

async function seatRows(puja: LimitedPuja) {
  const { results } = await env.DB.prepare(
    "select kind, quantity, expires_at from puja_seats where temple_puja_id = ? and puja_date = ? order by id",
  )
    .bind(puja.id, puja.day)
    .all<{ kind: string; quantity: number; expires_at: string | null }>();
  return results;
}

async function bookedCount(puja: LimitedPuja): Promise<number> {
  const row = await env.DB.prepare(
    "select coalesce(sum(quantity), 0) as n from transaction_lines where temple_puja_id = ? and puja_date = ?",
  )
    .bind(puja.id, puja.day)
    .first<{ n: number }>();
  return row!.n;
}

describe("a day's capacity", () => {
  it("is the date's rule, else the weekday's, else the puja's; none of them is unlimited", () => {
    const rules = [
      { weekday: 0, day: null, capacity: 8 },
      { weekday: null, day: "2099-01-04", capacity: 0 },
    ];
    // 2099-01-04 is a Sunday: its own rule wins over Sunday's.
    expect(capacityOn({ dailyCapacity: 3, perDevoteeLimit: null, rules }, "2099-01-04")).toBe(0);
    expect(capacityOn({ dailyCapacity: 3, perDevoteeLimit: null, rules }, "2099-01-11")).toBe(8);
    expect(capacityOn({ dailyCapacity: 3, perDevoteeLimit: null, rules }, "2099-01-05")).toBe(3);
    expect(capacityOn({ dailyCapacity: null, perDevoteeLimit: null, rules: [] }, "2099-01-05")).toBeNull();
    expect(daySeats(3, 1)).toEqual({ limited: true, capacity: 3, taken: 1, left: 2, full: false });
    expect(daySeats(3, 5)).toEqual({ limited: true, capacity: 3, taken: 5, left: 0, full: true });
  });
});

describe("never oversold", () => {
  it("200 devotees check out and pay at once for 20 seats: exactly 20 booked, 180 told it is full and charged nothing", async () => {
    const puja = await limitedPuja({ capacity: 20 });
    const customers = await newCustomers(200);
    // Adding to the cart holds nothing: all 200 may add.
    const added = await Promise.all(customers.map((id) => addToCart(id, puja)));
    expect(added.every((result) => result.ok)).toBe(true);
    const checkouts = await Promise.all(customers.map((id) => startCheckout(db(), provider, id)));
    const opened = checkouts.filter((result) => result.ok);
    const refused = checkouts.filter((result) => !result.ok);
    expect(opened).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const result of refused) expect(result).toEqual({ ok: false, message: CHECKOUT_MESSAGES.full });
    const held = await seatRows(puja);
    expect(held.filter((row) => row.kind === "held").reduce((sum, row) => sum + row.quantity, 0)).toBe(20);
    const paid = await Promise.all(opened.map((result) => pay(result.ok ? result.providerOrderId : "")));
    expect(paid.map((result) => result.status)).toEqual(Array(20).fill("paid"));
    expect(await bookedCount(puja)).toBe(20);
    const seats = await seatRows(puja);
    expect(seats.every((row) => row.kind === "booked")).toBe(true);
    expect(seats.reduce((sum, row) => sum + row.quantity, 0)).toBe(20);
    // The cart of everyone else now says the day is full.
    const cart = await loadCart(db(), customers.find((id, i) => !checkouts[i]!.ok && id)!);
    expect(cart.lines[0]!.problem).toBe(CART_PROBLEMS.full);
    expect(cart.payable).toBe(false);
  });

  it("a payment that arrives for a seat given away meanwhile is refunded, and the devotee is told why", async () => {
    const puja = await limitedPuja({ capacity: 1 });
    const [first, second] = await newCustomers(2);
    expect((await addToCart(first!, puja)).ok).toBe(true);
    const order = await startCheckout(db(), provider, first!);
    expect(order.ok).toBe(true);
    if (!order.ok) return;
    // The first devotee changes the cart in another tab: the order is closed and its seat given back.
    const purpose = await env.DB.prepare("select id from donation_purposes where temple_id = ? and active = 1 limit 1")
      .bind(puja.templeId)
      .first<{ id: number }>();
    if (purpose) await addDonationToCart(db(), first!, { donationPurposeId: purpose.id, devoteeName: "A", amount: 10_000 });
    else await addToCart(first!, puja, { day: addDays(puja.day, 1) });
    expect((await checkOrderForPayment(db(), first!, order.providerOrderId))?.state).toBe("closed");
    expect(await seatRows(puja)).toEqual([]);
    // The second devotee takes the seat and pays.
    expect((await addToCart(second!, puja)).ok).toBe(true);
    const other = await startCheckout(db(), provider, second!);
    expect(other.ok).toBe(true);
    if (other.ok) expect((await pay(other.providerOrderId)).status).toBe("paid");
    // The first devotee's payment for the closed order arrives: refunded, because the day is full.
    const late = await pay(order.providerOrderId);
    expect(late).toMatchObject({ status: "refunded", reason: "full" });
    expect(await bookedCount(puja)).toBe(1);
  });

  it("holds are given back when the order expires: a seat held 40 minutes ago counts no more, and housekeeping removes it", async () => {
    const puja = await limitedPuja({ capacity: 2 });
    const [early, b, c] = await newCustomers(3);
    for (const id of [early!, b!, c!]) expect((await addToCart(id, puja)).ok).toBe(true);
    const longAgo = new Date(Date.now() - 40 * 60_000);
    expect((await startCheckout(db(), provider, early!, longAgo)).ok).toBe(true);
    expect((await startCheckout(db(), provider, b!)).ok).toBe(true);
    expect((await startCheckout(db(), provider, c!)).ok).toBe(true);
    await cancelExpiredOrders(db());
    const rows = await seatRows(puja);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.kind === "held" && row.expires_at! > new Date().toISOString())).toBe(true);
  });

  it("a day's weekday and date exceptions, and a day with none", async () => {
    const puja = await limitedPuja({ capacity: 5 });
    const nextDay = addDays(puja.day, 1);
    const weekday = new Date(`${puja.day}T00:00:00Z`).getUTCDay();
    await env.DB.batch([
      env.DB.prepare("insert into puja_capacity_rules (temple_puja_id, weekday, capacity) values (?, ?, 1)").bind(puja.id, weekday),
      env.DB.prepare("insert into puja_capacity_rules (temple_puja_id, day, capacity) values (?, ?, 0)").bind(puja.id, nextDay),
    ]);
    const [a, b, c] = await newCustomers(3);
    expect((await addToCart(a!, puja)).ok).toBe(true);
    expect((await startCheckout(db(), provider, a!)).ok).toBe(true);
    // The weekday allows one: it is held, so the next devotee is told the day is full.
    const refused = await addToCart(b!, puja);
    expect(refused).toMatchObject({ ok: false, field: "dates[0]" });
    expect(!refused.ok && refused.message).toContain("Please choose another day");
    // The festival date allows none.
    expect(await addToCart(c!, puja, { day: nextDay })).toMatchObject({ ok: false, field: "dates[0]" });
    // The day after follows the puja's own capacity.
    expect((await addToCart(c!, puja, { day: addDays(puja.day, 2), quantity: 5 })).ok).toBe(true);
    expect((await addToCart(b!, puja, { day: addDays(puja.day, 2), quantity: 1 })).ok).toBe(true);
    expect((await startCheckout(db(), provider, c!)).ok).toBe(true);
    // The cart already shows the day full (another devotee holds the seats), so checkout does not open.
    expect(await startCheckout(db(), provider, b!)).toEqual({ ok: false, message: CHECKOUT_MESSAGES.problems });
    expect((await loadCart(db(), b!)).lines[0]).toMatchObject({ problem: CART_PROBLEMS.full, seatsLeft: 0 });
  });

  it("one devotee's limit for a day counts the cart, what is held and what is booked", async () => {
    const puja = await limitedPuja({ capacity: 50, perDevotee: 2 });
    const [devotee] = await newCustomers(1);
    expect(await addToCart(devotee!, puja, { quantity: 3 })).toMatchObject({ ok: false, field: "quantity" });
    expect((await addToCart(devotee!, puja, { quantity: 2 })).ok).toBe(true);
    expect(await addToCart(devotee!, puja, { quantity: 1 })).toMatchObject({ ok: false, field: "quantity" });
    // Two devotee names in one booking are still one account's seats.
    expect(await addToCart(devotee!, puja, { day: addDays(puja.day, 1), devotees: 3 })).toMatchObject({ ok: false, field: "quantity" });
    const order = await startCheckout(db(), provider, devotee!);
    expect(order.ok).toBe(true);
    if (order.ok) expect((await pay(order.providerOrderId)).status).toBe("paid");
    expect(await addToCart(devotee!, puja, { quantity: 1 })).toMatchObject({ ok: false, field: "quantity" });
    // The trigger holds the limit even when a cart line slips past the page's check.
    await env.DB.prepare(
      "insert into cart_items (customer_id, item_type, temple_id, temple_puja_id, devotee_name, " +
        "star_id, puja_date, quantity) values (?, 'PUJA', ?, ?, 'X', 1, ?, 1)",
    )
      .bind(devotee!, puja.templeId, puja.id, puja.day)
      .run();
    expect((await loadCart(db(), devotee!)).lines[0]!.problem).toBe(CART_PROBLEMS.devoteeLimit);
    await expect(
      env.DB.prepare(
        "insert into puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, created_at) values (?, ?, ?, 1, ?, 'held', ?)",
      )
        .bind(puja.id, puja.templeId, puja.day, devotee!, new Date().toISOString())
        .run(),
    ).rejects.toThrow(/puja_seats_devotee_limit/);
  });

  it("lowering a capacity below what is booked keeps every booking and sells no more", async () => {
    const puja = await limitedPuja({ capacity: 3 });
    const customers = await newCustomers(4);
    for (const id of customers.slice(0, 3)) {
      expect((await addToCart(id, puja)).ok).toBe(true);
      const order = await startCheckout(db(), provider, id);
      if (order.ok) expect((await pay(order.providerOrderId)).status).toBe("paid");
    }
    await env.DB.prepare("update temple_pujas set daily_capacity = 1 where id = ?").bind(puja.id).run();
    expect(await bookedCount(puja)).toBe(3);
    expect((await seatRows(puja)).filter((row) => row.kind === "booked")).toHaveLength(3);
    expect(await addToCart(customers[3]!, puja)).toMatchObject({ ok: false, field: "dates[0]" });
  });
});

describe("requests for limited pujas", () => {
  it("take their seats when the temple accepts them; staff see what is left and cannot accept past it", async () => {
    const puja = await limitedPuja({ capacity: 1, mode: "request" });
    const [a, b] = await newCustomers(2);
    expect(await addToCart(a!, puja)).toMatchObject({ ok: true, mode: "request" });
    expect(await addToCart(b!, puja)).toMatchObject({ ok: true, mode: "request" });
    const staff = await env.DB.prepare("select id from customers where email = 'operator@sannidhi.example'").first<{ id: number }>();
    const pending = (await listTempleRequests(db(), puja.templeId)).filter((row) => row.templePujaId === puja.id);
    expect(pending).toHaveLength(2);
    expect(pending[0]!.seats).toEqual({ limited: true, capacity: 1, taken: 0, left: 1, full: false });
    expect((await decideRequest(db(), staff!.id, puja.templeId, { intent: "accept", requestId: pending[0]!.id })).ok).toBe(true);
    const second = await decideRequest(db(), staff!.id, puja.templeId, { intent: "accept", requestId: pending[1]!.id });
    expect(second).toMatchObject({ ok: false, status: 409 });
    expect(!second.ok && second.message).toMatch(/0 of 1 left/);
    const after = (await listTempleRequests(db(), puja.templeId)).filter((row) => row.templePujaId === puja.id);
    expect(after[0]!.seats).toMatchObject({ left: 0, full: true });
    // Offering another date takes that date's seat instead.
    const offered = await decideRequest(db(), staff!.id, puja.templeId, {
      intent: "propose",
      requestId: pending[1]!.id,
      pujaDate: addDays(puja.day, 1),
      note: "",
    });
    expect(offered.ok).toBe(true);
  });
});
