/**
 * Issue 42: the counter and online sell one set of seats. A puja may keep seats a day for the
 * counter (online leaves them) or for online (the counter leaves them); every page and check
 * says what is left for its own channel, and the trigger refuses by the same sums. A counter
 * sale and an online checkout racing for the last seat cannot both win; an online payment that
 * arrives for a seat the counter sold meanwhile is refunded as today.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { addPujaToBookingList } from "~/domain/bookings/cart/booking-list.server";
import { loadCart } from "~/domain/bookings/cart/cart.server";
import { CART_PROBLEMS } from "~/domain/bookings/cart/cart-pricing";
import { CHECKOUT_MESSAGES, startCheckout } from "~/domain/bookings/cart/checkout.server";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { COUNTER_MESSAGES, type CounterSaleInput } from "~/domain/bookings/counter/counter-inputs";
import { counterOffer } from "~/domain/bookings/counter/counter-offer.server";
import { sellAtCounter } from "~/domain/bookings/counter/counter-sales.server";
import { seatsLeftFor, UNLIMITED } from "~/domain/bookings/seats/capacity";
import { listDaySeats } from "~/domain/bookings/seats/day-seats.server";
import { seatCalendars } from "~/domain/bookings/seats/seats.server";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import { todayInIndia } from "~/lib/india-time";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
import { razorpayEmulator } from "../support/razorpay-emulator";

const config = env as unknown as Record<"RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_API_BASE", string>;
const provider = razorpayProvider({
  keyId: config.RAZORPAY_KEY_ID,
  keySecret: config.RAZORPAY_KEY_SECRET,
  apiBase: config.RAZORPAY_API_BASE,
});
const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);
const db = () => createDb(env.DB);
const uid = () => crypto.randomUUID().replace(/-/g, "");

async function newCustomer(): Promise<number> {
  const row = await env.DB.prepare(
    "insert into customers (email, first_name, password_hash) values (?, 'Devotee', 'not-a-hash') returning id",
  )
    .bind(`quota-${uid()}@example.com`)
    .first<{ id: number }>();
  return row!.id;
}

interface QuotaPuja {
  id: number;
  templeId: number;
  day: string;
}

/** A new puja at an online temple, offered every day, with `capacity` seats and the counter quota given. */
async function quotaPuja(capacity: number, kept: { counter?: number; online?: number } = {}): Promise<QuotaPuja> {
  const pair = await env.DB.prepare(
    `select t.id as temple_id, p.id as puja_id from temples t, pujas p
     where t.online_booking = 1 and t.verified = 1 and not exists (select 1 from temple_pujas tp where tp.temple_id = t.id and tp.puja_id = p.id)
     order by random() limit 1`,
  ).first<{ temple_id: number; puja_id: number }>();
  const row = await env.DB.prepare(
    `insert into temple_pujas (temple_id, puja_id, rate, postal_charge, booking_mode, days_offered, active, daily_capacity, counter_kept, online_kept)
     values (?, ?, 50000, 0, 'direct', '0123456', 1, ?, ?, ?) returning id`,
  )
    .bind(pair!.temple_id, pair!.puja_id, capacity, kept.counter ?? null, kept.online ?? null)
    .first<{ id: number }>();
  return { id: row!.id, templeId: pair!.temple_id, day: nextOfferedDay("0123456", addDays(todayInIndia(), 14))! };
}

const addToCart = (customerId: number, puja: QuotaPuja, quantity = 1) =>
  addPujaToBookingList(db(), customerId, {
    templePujaId: puja.id,
    devotees: [{ name: "Online Devotee", starId: 1 }],
    dates: [puja.day],
    quantity,
    postal: false,
    addressId: null,
  });

async function staffId(): Promise<number> {
  const row = await env.DB.prepare("select id from customers where role != 'walkin' order by id limit 1").first<{ id: number }>();
  return row!.id;
}

async function sell(puja: QuotaPuja, quantity = 1) {
  const input: CounterSaleInput = {
    saleKey: uid(),
    item: `puja-${puja.id}`,
    pujaDate: puja.day,
    devotees: [{ name: "Walk-in Devotee", starId: 3, gotra: "Kashyapa" }],
    quantity,
    amount: undefined,
    payment: "cash",
  };
  return sellAtCounter(db(), { id: await staffId() }, puja.templeId, input);
}

async function seats(puja: QuotaPuja) {
  const { results } = await env.DB.prepare(
    "select kind, sum(quantity) as n from puja_seats where temple_puja_id = ? and puja_date = ? group by kind order by kind",
  )
    .bind(puja.id, puja.day)
    .all<{ kind: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.kind, row.n]));
}

async function onlineLeft(puja: QuotaPuja) {
  const calendars = await seatCalendars(
    db(),
    puja.templeId,
    [{ id: puja.id, daysOffered: "0123456", dailyCapacity: 1, perDevoteeLimit: null, hasCapacityRules: false }],
    todayInIndia(),
  );
  return calendars.get(puja.id)?.days.find((day) => day.day === puja.day)?.left;
}

async function counterLeft(puja: QuotaPuja) {
  const offer = await counterOffer(db(), puja.templeId, addDays(puja.day, -1));
  return offer.pujas.find((p) => p.id === puja.id)?.days.find((day) => day.day === puja.day)?.left;
}

describe("seats left for a channel", () => {
  it("is the day's left, and no more than the channel's share: capacity less what is kept for the other, less what it took", () => {
    const counterKeeps = { ...UNLIMITED, counterKept: 3 };
    expect(seatsLeftFor(counterKeeps, 10, { all: 0, counter: 0 }, "online")).toBe(7);
    expect(seatsLeftFor(counterKeeps, 10, { all: 0, counter: 0 }, "counter")).toBe(10);
    expect(seatsLeftFor(counterKeeps, 10, { all: 7, counter: 0 }, "online")).toBe(0);
    expect(seatsLeftFor(counterKeeps, 10, { all: 7, counter: 0 }, "counter")).toBe(3);
    // The counter sold beyond its kept seats: online's share is what the day has left.
    expect(seatsLeftFor(counterKeeps, 10, { all: 6, counter: 5 }, "online")).toBe(4);
    const onlineKeeps = { ...UNLIMITED, onlineKept: 4 };
    expect(seatsLeftFor(onlineKeeps, 10, { all: 2, counter: 2 }, "counter")).toBe(4);
    expect(seatsLeftFor(onlineKeeps, 10, { all: 2, counter: 2 }, "online")).toBe(8);
    // A capacity lowered below what is kept leaves the other channel nothing, never less.
    expect(seatsLeftFor(counterKeeps, 2, { all: 0, counter: 0 }, "online")).toBe(0);
    expect(seatsLeftFor(UNLIMITED, null, { all: 5, counter: 5 }, "counter")).toBeNull();
  });
});

describe("the counter quota", () => {
  it("keeps the counter's seats from online: online sees and takes only its share, the counter sells the kept seats", async () => {
    const puja = await quotaPuja(3, { counter: 1 });
    expect(await onlineLeft(puja)).toBe(2);
    expect(await counterLeft(puja)).toBe(3);
    const devotee = await newCustomer();
    expect((await addToCart(devotee, puja, 2)).ok).toBe(true);
    const order = await startCheckout(db(), provider, devotee);
    expect(order.ok).toBe(true);
    // Online has taken its share: another devotee is told the day is full, though one seat is free.
    const late = await newCustomer();
    const refused = await addToCart(late, puja);
    expect(refused.ok).toBe(false);
    expect(await onlineLeft(puja)).toBe(0);
    expect(await counterLeft(puja)).toBe(1);
    // Even a cart line that got in before (the quota set later) cannot be paid for.
    await env.DB.prepare(
      `insert into cart_items (customer_id, item_type, temple_id, temple_puja_id, devotee_name, star_id, puja_date, quantity)
       values (?, 'PUJA', ?, ?, 'X', 1, ?, 1)`,
    )
      .bind(late, puja.templeId, puja.id, puja.day)
      .run();
    const cart = await loadCart(db(), late);
    expect(cart.lines[0]).toMatchObject({ seatsLeft: 0, problem: CART_PROBLEMS.full });
    expect(await startCheckout(db(), provider, late)).toEqual({ ok: false, message: CHECKOUT_MESSAGES.problems });
    // The trigger refuses an online seat past the share whatever a page said.
    await expect(
      env.DB.prepare(
        "insert into puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, created_at) values (?, ?, ?, 1, ?, 'booked', ?)",
      )
        .bind(puja.id, puja.templeId, puja.day, late, new Date().toISOString())
        .run(),
    ).rejects.toThrow(/puja_seats_full/);
    // The counter sells the seat kept for it, and then the day is full for everyone.
    expect((await sell(puja)).ok).toBe(true);
    expect(await seats(puja)).toEqual({ counter: 1, held: 2 });
    expect(await sell(puja)).toMatchObject({ ok: false, field: "pujaDate", message: COUNTER_MESSAGES.dayFull(0) });
    expect(await counterLeft(puja)).toBe(0);
  });

  it("keeps online's seats from the counter: the counter is told what it may still sell", async () => {
    const puja = await quotaPuja(3, { online: 2 });
    expect(await counterLeft(puja)).toBe(1);
    expect(await onlineLeft(puja)).toBe(3);
    expect((await sell(puja, 2)).ok).toBe(false);
    expect(await sell(puja, 2)).toMatchObject({ field: "pujaDate", message: COUNTER_MESSAGES.dayFull(1) });
    expect((await sell(puja)).ok).toBe(true);
    expect(await sell(puja)).toMatchObject({ ok: false, message: COUNTER_MESSAGES.dayFull(0) });
    // Online still has its two seats.
    expect(await onlineLeft(puja)).toBe(2);
    const devotee = await newCustomer();
    expect((await addToCart(devotee, puja, 2)).ok).toBe(true);
    expect((await startCheckout(db(), provider, devotee)).ok).toBe(true);
    expect(await seats(puja)).toEqual({ counter: 1, held: 2 });
  });

  it("the day sheet counts online and counter apart, with what is left and what is kept", async () => {
    const puja = await quotaPuja(4, { counter: 2 });
    expect((await sell(puja)).ok).toBe(true);
    const devotee = await newCustomer();
    expect((await addToCart(devotee, puja)).ok).toBe(true);
    const order = await startCheckout(db(), provider, devotee);
    expect(order.ok).toBe(true);
    if (!order.ok) return;
    const fields = await gateway.pay(order.providerOrderId);
    const paid = await completePayment(db(), provider, {
      providerOrderId: order.providerOrderId,
      paymentId: fields.razorpay_payment_id,
      signature: fields.razorpay_signature,
    });
    expect(paid.status).toBe("paid");
    const line = (await listDaySeats(db(), puja.templeId, puja.day)).find((row) => row.templePujaId === puja.id);
    expect(line).toMatchObject({
      capacity: 4,
      booked: 2,
      online: 1,
      counter: 1,
      held: 0,
      left: 2,
      counterKept: 2,
      onlineKept: null,
      full: false,
    });
  });
});

describe("a counter sale and an online checkout racing for the last seat", () => {
  it("never both win: exactly the capacity is taken, the loser is told the day is full", async () => {
    for (let round = 0; round < 6; round++) {
      const puja = await quotaPuja(1);
      const devotee = await newCustomer();
      expect((await addToCart(devotee, puja)).ok).toBe(true);
      const [online, counter] = await Promise.all([startCheckout(db(), provider, devotee), sell(puja)]);
      expect([online.ok, counter.ok].filter(Boolean)).toHaveLength(1);
      if (!online.ok) expect([CHECKOUT_MESSAGES.full, CHECKOUT_MESSAGES.problems]).toContain(online.message);
      if (!counter.ok) expect(counter).toMatchObject({ field: "pujaDate", message: COUNTER_MESSAGES.dayFull(0) });
      const taken = await seats(puja);
      expect((taken.held ?? 0) + (taken.counter ?? 0)).toBe(1);
    }
  });

  it("a payment captured before its order lapsed but reported after the counter sold the seat is refunded; else the counter is refused", async () => {
    for (let round = 0; round < 3; round++) {
      const puja = await quotaPuja(1);
      const devotee = await newCustomer();
      expect((await addToCart(devotee, puja)).ok).toBe(true);
      // The devotee opened checkout 40 minutes ago and paid 5 minutes later; the gateway reports it only now.
      const opened = new Date(Date.now() - 40 * 60_000);
      const order = await startCheckout(db(), provider, devotee, opened);
      expect(order.ok).toBe(true);
      if (!order.ok) return;
      const fields = await gateway.pay(order.providerOrderId);
      const payment = {
        providerOrderId: order.providerOrderId,
        paymentId: fields.razorpay_payment_id,
        signature: fields.razorpay_signature,
      };
      const paidAt = new Date(opened.getTime() + 5 * 60_000);
      // Meanwhile the hold lapsed: the counter may sell the seat, and does so as the report arrives.
      const [paid, sold] = await Promise.all([completePayment(db(), provider, payment, paidAt), sell(puja)]);
      const booked = await env.DB.prepare(
        "select count(*) as n from puja_seats where temple_puja_id = ? and puja_date = ? and kind in ('booked', 'counter')",
      )
        .bind(puja.id, puja.day)
        .first<{ n: number }>();
      expect(booked!.n).toBe(1);
      expect([paid.status === "paid", sold.ok].filter(Boolean)).toHaveLength(1);
      if (sold.ok) {
        // The refund path as today: the devotee's money goes back, recorded for sending.
        expect(paid).toMatchObject({ status: "refunded", reason: "full" });
        const refund = await env.DB.prepare("select reason from payment_refunds where payment_ref = ?").bind(payment.paymentId).first();
        expect(refund).toEqual({ reason: "full" });
      } else {
        expect(sold).toMatchObject({ field: "pujaDate", message: COUNTER_MESSAGES.dayFull(0) });
      }
    }
  });
});
