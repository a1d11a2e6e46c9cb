/**
 * Orders expire and are re-checked (issue 10 #3, #4): a payment is booked only for the
 * lines and prices it was made for. A change before the payment (rate, request-only,
 * off, temple offline, expiry) refunds it; a change after it is honoured at the price
 * paid, visibly. Callback and webhook racing each other settle on one outcome.
 * Razorpay's API is faked at the network edge (globalThis.fetch).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { CHECKOUT_MESSAGES, startCheckout } from "~/domain/bookings/cart/checkout.server";
import { saveDonationPurpose, saveTemplePuja } from "~/domain/temples-admin/temple.server";
import { updateTempleSettings } from "~/domain/temples-admin/temples.server";
import { RAZORPAY_API, razorpayProvider } from "~/lib/payments/razorpay.server";
import { hmacSha256Hex } from "~/lib/crypto.server";
import { pageText } from "../support/browser";
import { bookPuja, count, findDonationPurpose, findPuja, newCustomer, type PujaRow, openCheckout, gateway } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";

const KEYS = { keyId: "rzp_test_MONEY01", keySecret: "rzp_test_money_secret_4a2b", webhookSecret: "whsec_money_9z8y7x" };
const razorpayEnv = {
  ...env,
  RAZORPAY_KEY_ID: KEYS.keyId,
  RAZORPAY_KEY_SECRET: KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
  // Razorpay's own API, faked below, rather than the emulator the other tests use.
  RAZORPAY_API_BASE: undefined,
  // unknown first: a .dev.vars that sets RAZORPAY_API_BASE (as .dev.vars.example does) types it a string.
} as unknown as Env;
const db = () => createDb(env.DB);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 14);

let refunds: { url: string; authorization: string | null; body: { amount: number } }[] = [];
let refundAnswer = 200;

beforeEach(() => {
  refunds = [];
  refundAnswer = 200;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === `${RAZORPAY_API}/orders`) {
      const { amount } = await request.json<{ amount: number }>();
      return Response.json({ id: `order_M${uid()}`, entity: "order", amount, currency: "INR", status: "created" });
    }
    const refund = /^https:\/\/api\.razorpay\.com\/v1\/payments\/([^/]+)\/refund$/.exec(request.url);
    if (refund && request.method === "POST") {
      const body = await request.json<{ amount: number }>();
      refunds.push({ url: request.url, authorization: request.headers.get("authorization"), body });
      if (refundAnswer !== 200) return Response.json({ error: { code: "SERVER_ERROR" } }, { status: refundAnswer });
      return Response.json({ id: `rfnd_${uid()}`, entity: "refund", amount: body.amount, payment_id: refund[1], status: "processed" });
    }
    return realFetch(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

/** The built Worker as a deployment with Razorpay keys answers. */
async function viaWorker(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const response = await builtWorker.fetch(new Request(`http://localhost${path}`, init), razorpayEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Razorpay's checkout posting the signed result back. */
async function callback(orderId: string, paymentId: string) {
  const signature = await hmacSha256Hex(KEYS.keySecret, `${orderId}|${paymentId}`);
  return viaWorker("/payments/callback", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature }),
  });
}

/** Razorpay's payment.captured webhook for a payment made at `paidAt`. */
async function webhook(orderId: string, paymentId: string, amount: number, paidAt = new Date()) {
  const body = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: "payment",
          amount,
          currency: "INR",
          status: "captured",
          order_id: orderId,
          created_at: Math.floor(paidAt.getTime() / 1000),
        },
      },
    },
  });
  return viaWorker("/payments/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": await hmacSha256Hex(KEYS.webhookSecret, body),
      // Every delivery names its event (issue 26: a webhook without one is refused).
      "x-razorpay-event-id": `evt_${uid()}`,
    },
    body,
  });
}

/** A Razorpay order for the customer's cart, made at `at`. */
async function razorpayOrder(customerId: number, at = new Date()) {
  const started = await startCheckout(db(), razorpayProvider(KEYS), customerId, at);
  if (!started.ok) throw new Error(started.message);
  return started;
}

async function operatorId() {
  return (await env.DB.prepare("select id from customers where role = 'operator' limit 1").first<{ id: number }>())!.id;
}

/** Staff change a puja through the desk's own domain call (which records when it changed). */
async function changePuja(puja: PujaRow, change: { rate?: number; bookingMode?: "direct" | "request"; active?: boolean }) {
  type Row = { rate: number; postal_charge: number; booking_mode: "direct" | "request"; days_offered: string; active: number };
  const row = (await env.DB.prepare("select * from temple_pujas where id = ?").bind(puja.id).first<Row>())!;
  await saveTemplePuja(
    db(),
    { actorId: await operatorId(), templeId: puja.temple_id },
    {
      templePujaId: puja.id,
      rate: change.rate ?? row.rate,
      postalCharge: row.postal_charge,
      bookingMode: change.bookingMode ?? row.booking_mode,
      days: row.days_offered.split("") as ("0" | "1")[],
      active: (change.active ?? Boolean(row.active)) ? "on" : undefined,
    },
  );
}

async function setOnline(templeId: number, onlineBooking: boolean) {
  const temple = (await env.DB.prepare("select is_assisted from temples where id = ?").bind(templeId).first<{ is_assisted: number }>())!;
  await updateTempleSettings(db(), await operatorId(), { templeId, onlineBooking, isAssisted: Boolean(temple.is_assisted) });
}

const outcomeOf = async (paymentId: string) => ({
  bookings: await count("select count(*) as n from transactions where payment_ref = ?", paymentId),
  refunds: await count("select count(*) as n from payment_refunds where payment_ref = ?", paymentId),
});
const refundOf = (paymentId: string) =>
  env.DB.prepare("select * from payment_refunds where payment_ref = ?").bind(paymentId).first<Record<string, unknown>>();
const orderStatus = async (orderId: string) =>
  (await env.DB.prepare("select status from payment_orders where provider_order_id = ?").bind(orderId).first<{ status: string }>())?.status;

describe("a change before the payment refunds it", () => {
  it("a rate raised after checkout: nothing booked, the payment refunded, the devotee told so", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", false, 10);
    await bookPuja(browser, puja);
    const { orderId } = await openCheckout(browser);
    await changePuja(puja, { rate: puja.rate + 50_000 });
    try {
      const fields = await gateway.pay(orderId);
      const paid = await browser.post("/payments/callback", fields);
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`/checkout/done/${orderId}`);
      const done = await pageText(await browser.get(paid.headers.get("location")!));
      expect(done).toContain(CHECKOUT_MESSAGES.refunded("changed"));
      expect(done).toContain("Nothing was booked");
      expect(done).toContain("money debited is refunded in 4-5 working days");
      expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
      expect(await refundOf(fields.razorpay_payment_id)).toMatchObject({ reason: "changed", status: "refunded", amount: puja.rate });
      expect(await orderStatus(orderId)).toBe("refund");
      expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(1);
    } finally {
      await changePuja(puja, { rate: puja.rate });
    }
  });

  it("the payment page re-checks: a changed rate sends the devotee back to the cart, the next order has the new price", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", false, 11);
    await bookPuja(browser, puja);
    const { orderId } = await openCheckout(browser);
    await changePuja(puja, { rate: puja.rate + 10_000 });
    try {
      const page = await browser.get(`/checkout/pay/${orderId}`);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/cart");
      expect(await pageText(await browser.get("/cart"))).toContain(CHECKOUT_MESSAGES.changed);
      expect(await orderStatus(orderId)).toBe("cancelled");
      const next = await openCheckout(browser);
      expect(
        await count(
          "select count(*) as n from payment_orders where provider_order_id = ? and amount = ?",
          next.orderId,
          puja.rate + 10_000,
        ),
      ).toBe(1);
      expect(customerId).toBeGreaterThan(0);
    } finally {
      await changePuja(puja, { rate: puja.rate });
    }
  });

  it("a puja made request-only or switched off, a temple taken offline, a purpose switched off: refunded as unavailable", async () => {
    const puja = await findPuja("direct", false, 12);
    const cases: { change: () => Promise<void>; undo: () => Promise<void>; donation?: boolean }[] = [
      { change: () => changePuja(puja, { bookingMode: "request" }), undo: () => changePuja(puja, { bookingMode: "direct" }) },
      { change: () => changePuja(puja, { active: false }), undo: () => changePuja(puja, { active: true }) },
      { change: () => setOnline(puja.temple_id, false), undo: () => setOnline(puja.temple_id, true) },
    ];
    const purpose = await findDonationPurpose();
    const row = (await env.DB.prepare("select * from donation_purposes where id = ?")
      .bind(purpose.id)
      .first<{ name: string; preset_amounts: string }>())!;
    const setPurpose = async (active: boolean) =>
      void (await saveDonationPurpose(
        db(),
        { actorId: await operatorId(), templeId: purpose.temple_id },
        { purposeId: purpose.id, name: row.name, presetAmounts: row.preset_amounts, active: active ? "on" : undefined },
      ));
    cases.push({ change: () => setPurpose(false), undo: () => setPurpose(true), donation: true });

    for (const { change, undo, donation } of cases) {
      const { browser, customerId } = await newCustomer();
      if (donation)
        await browser.post(`/t/${purpose.slug}`, {
          form: "donation",
          donationPurposeId: String(purpose.id),
          amount: "500",
          devoteeName: "Meera Iyer",
        });
      else await bookPuja(browser, puja);
      const { orderId } = await openCheckout(browser);
      await change();
      try {
        const fields = await gateway.pay(orderId);
        expect((await browser.post("/payments/callback", fields)).status).toBe(303);
        expect(await refundOf(fields.razorpay_payment_id)).toMatchObject({ reason: "unavailable", status: "refunded" });
        expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
      } finally {
        await undo();
      }
    }
  });

  it("an accepted request keeps the rate the temple accepted; a request no longer accepted is refunded", async () => {
    const puja = await findPuja("request", false, 0);
    const accepted = async () => {
      const devotee = await newCustomer();
      await bookPuja(devotee.browser, puja);
      const request = (await env.DB.prepare("select id from requests where customer_id = ?")
        .bind(devotee.customerId)
        .first<{ id: number }>())!;
      await env.DB.prepare("update requests set status = 1, rate = 123400 where id = ?").bind(request.id).run();
      expect((await devotee.browser.post("/cart", { intent: "add-request", requestId: String(request.id) })).status).toBe(303);
      return { ...devotee, requestId: request.id };
    };
    const kept = await accepted();
    const { orderId } = await openCheckout(kept.browser);
    await changePuja(puja, { rate: puja.rate + 70_000 });
    try {
      expect((await kept.browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);
      expect(await count("select count(*) as n from transactions where customer_id = ? and total = 123400", kept.customerId)).toBe(1);
      expect(await count("select count(*) as n from requests where id = ? and status = 4", kept.requestId)).toBe(1);
    } finally {
      await changePuja(puja, { rate: puja.rate });
    }

    const rejected = await accepted();
    const second = await openCheckout(rejected.browser);
    await env.DB.prepare("update requests set status = 3 where id = ?").bind(rejected.requestId).run();
    const fields = await gateway.pay(second.orderId);
    expect((await rejected.browser.post("/payments/callback", fields)).status).toBe(303);
    expect(await refundOf(fields.razorpay_payment_id)).toMatchObject({ reason: "unavailable" });
    expect(await count("select count(*) as n from transactions where customer_id = ?", rejected.customerId)).toBe(0);
  });
});

describe("orders expire after 30 minutes", () => {
  it("an expired order's page sends the devotee back to the cart, and its late payment is refunded", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct", false, 13));
    const { orderId } = await openCheckout(browser);
    expect(await count("select count(*) as n from payment_orders where provider_order_id = ? and expires_at > created_at", orderId)).toBe(
      1,
    );
    await env.DB.prepare("update payment_orders set created_at = ?, expires_at = ? where provider_order_id = ?")
      .bind(minutesAgo(31).toISOString(), minutesAgo(1).toISOString(), orderId)
      .run();
    const page = await browser.get(`/checkout/pay/${orderId}`);
    expect(page.headers.get("location")).toBe("/cart");
    expect(await pageText(await browser.get("/cart"))).toContain(CHECKOUT_MESSAGES.expired);
    expect(await orderStatus(orderId)).toBe("cancelled");
    const fields = await gateway.pay(orderId);
    expect((await browser.post("/payments/callback", fields)).status).toBe(303);
    expect(await refundOf(fields.razorpay_payment_id)).toMatchObject({ reason: "expired", status: "refunded" });
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
  });

  it("a webhook books a payment made before expiry even after housekeeping closed the order; one made after is refunded", async () => {
    const early = await newCustomer();
    await bookPuja(early.browser, await findPuja("direct", false, 14));
    const order = await razorpayOrder(early.customerId, minutesAgo(40));
    const fresh = await newCustomer();
    await bookPuja(fresh.browser, await findPuja("direct", false, 14));
    const freshOrder = await razorpayOrder(fresh.customerId);

    const ctx = createExecutionContext();
    await builtWorker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await orderStatus(order.providerOrderId)).toBe("cancelled");
    expect(await orderStatus(freshOrder.providerOrderId)).toBe("created");

    const inTime = `pay_M${uid()}`;
    expect((await webhook(order.providerOrderId, inTime, order.amount, minutesAgo(20))).status).toBe(200);
    expect(await outcomeOf(inTime)).toEqual({ bookings: 1, refunds: 0 });

    const late = await newCustomer();
    await bookPuja(late.browser, await findPuja("direct", false, 15));
    const lateOrder = await razorpayOrder(late.customerId, minutesAgo(40));
    const tooLate = `pay_M${uid()}`;
    expect((await webhook(lateOrder.providerOrderId, tooLate, lateOrder.amount, minutesAgo(5))).status).toBe(200);
    expect(await refundOf(tooLate)).toMatchObject({ reason: "expired", status: "refunded" });
    expect(refunds.map((r) => r.url)).toEqual([`${RAZORPAY_API}/payments/${tooLate}/refund`]);
  });
});

describe("a change after the payment is honoured at the price paid", () => {
  it("books at the paid rate and says so on the done page", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", false, 16);
    await bookPuja(browser, puja);
    const order = await razorpayOrder(customerId, minutesAgo(2));
    const paymentId = `pay_M${uid()}`;
    await changePuja(puja, { rate: puja.rate + 25_000 });
    try {
      // The webhook says the payment was made a minute ago, before the rate changed.
      expect((await webhook(order.providerOrderId, paymentId, order.amount, minutesAgo(1))).status).toBe(200);
      expect(await count("select count(*) as n from transactions where customer_id = ? and total = ?", customerId, puja.rate)).toBe(1);
      expect(
        await count("select count(*) as n from transaction_lines where cart_item_id is not null and amount = ?", puja.rate),
      ).toBeGreaterThan(0);
      const done = await pageText(await browser.get(`/checkout/done/${order.providerOrderId}`));
      expect(done).toContain("Thank you, your booking is confirmed");
      expect(done).toContain(CHECKOUT_MESSAGES.honoured);
      expect(done).toContain("Booked at the rate you paid");
      // Its callback, arriving later, is the same payment: recorded once.
      const later = await callback(order.providerOrderId, paymentId);
      expect(later.status).toBe(303);
      expect(later.headers.get("location")).toBe(`/checkout/done/${order.providerOrderId}`);
      expect(await outcomeOf(paymentId)).toEqual({ bookings: 1, refunds: 0 });
    } finally {
      await changePuja(puja, { rate: puja.rate });
    }
  });
});

describe("callback and webhook racing each other", () => {
  it("record exactly one booking for the same payment (7-line carts, three rounds)", async () => {
    for (let round = 0; round < 3; round++) {
      const { browser, customerId } = await newCustomer();
      const puja = await findPuja("direct", false, 17);
      const devotees = Object.fromEntries(
        ["Meera Iyer", "Anand Rao", "Lakshmi Nair", "Gopal Menon", "Radha Pillai", "Suresh Kumar", "Divya Sharma"].flatMap((name, i) => [
          [`devotees[${i}].name`, name],
          [`devotees[${i}].starId`, String(i + 1)],
        ]),
      );
      expect((await bookPuja(browser, puja, devotees)).status).toBe(303);
      const order = await razorpayOrder(customerId);
      const paymentId = `pay_M${uid()}`;
      const [fromBrowser, fromRazorpay] = await Promise.all([
        callback(order.providerOrderId, paymentId),
        webhook(order.providerOrderId, paymentId, order.amount),
      ]);
      expect(fromBrowser.status).toBe(303);
      expect(fromRazorpay.status).toBe(200);
      expect(await outcomeOf(paymentId)).toEqual({ bookings: 1, refunds: 0 });
      expect(
        await count(
          "select count(*) as n from transaction_lines l join transactions t on t.id = l.transaction_id where t.customer_id = ?",
          customerId,
        ),
      ).toBe(7);
      expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
    }
  });

  it("settle on one outcome when they disagree (the rate changed between the payment and the callback)", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", false, 18);
    await bookPuja(browser, puja);
    const order = await razorpayOrder(customerId, minutesAgo(2));
    const paymentId = `pay_M${uid()}`;
    await changePuja(puja, { rate: puja.rate + 5_000 });
    try {
      await Promise.all([
        callback(order.providerOrderId, paymentId),
        webhook(order.providerOrderId, paymentId, order.amount, minutesAgo(1)),
      ]);
      const outcome = await outcomeOf(paymentId);
      expect(outcome.bookings + outcome.refunds).toBe(1);
      expect(refunds).toHaveLength(outcome.refunds);
    } finally {
      await changePuja(puja, { rate: puja.rate });
    }
  });

  it("two payments of one order at once (two tabs): one booking, one refund", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct", false, 19));
    const order = await razorpayOrder(customerId);
    const [first, second] = [`pay_M${uid()}`, `pay_M${uid()}`];
    await Promise.all([callback(order.providerOrderId, first), callback(order.providerOrderId, second)]);
    const outcomes = [await outcomeOf(first), await outcomeOf(second)];
    expect(outcomes.map((o) => o.bookings).sort()).toEqual([0, 1]);
    expect(outcomes.map((o) => o.refunds).sort()).toEqual([0, 1]);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
  });
});

describe("refunds through the gateway", () => {
  it("asks Razorpay's refund API for the full amount; a refund it refuses stays due and the operator sees it", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct", false, 20));
    const order = await razorpayOrder(customerId, minutesAgo(45));
    const paymentId = `pay_M${uid()}`;
    refundAnswer = 502;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answer = await callback(order.providerOrderId, paymentId);
    expect(answer.status).toBe(303);
    expect(warn).toHaveBeenCalledWith("Refund left due, to be retried:", "Razorpay refused the refund (HTTP 502)");
    expect(refunds).toEqual([
      {
        url: `${RAZORPAY_API}/payments/${paymentId}/refund`,
        authorization: `Basic ${btoa(`${KEYS.keyId}:${KEYS.keySecret}`)}`,
        body: { amount: order.amount },
      },
    ]);
    expect(await refundOf(paymentId)).toMatchObject({ status: "due", reason: "expired", refund_ref: null, customer_id: customerId });
    // The devotee is told the same: nothing booked, being refunded.
    expect(await pageText(await browser.get(`/checkout/done/${order.providerOrderId}`))).toContain("It is being refunded");
    const operator = await signedIn(OPERATOR);
    const dashboard = await pageText(await operator.get("/operator"));
    expect(dashboard).toContain("Refunds due");
    expect(dashboard).toContain(paymentId);

    // A payment Razorpay refunds is recorded with its refund id.
    const other = await newCustomer();
    await bookPuja(other.browser, await findPuja("direct", false, 20));
    const otherOrder = await razorpayOrder(other.customerId, minutesAgo(45));
    const otherPayment = `pay_M${uid()}`;
    refundAnswer = 200;
    expect((await webhook(otherOrder.providerOrderId, otherPayment, otherOrder.amount)).status).toBe(200);
    expect(String((await refundOf(otherPayment))!.refund_ref)).toMatch(/^rfnd_/);
    expect(await refundOf(otherPayment)).toMatchObject({ status: "refunded" });
  });
});

describe("staff changes are time-stamped", () => {
  it("a desk save records a change only when the price or availability changed; an operator toggle likewise", async () => {
    const puja = await findPuja("direct", false, 21);
    const changedAt = async () =>
      (await env.DB.prepare("select changed_at from temple_pujas where id = ?").bind(puja.id).first<{ changed_at: string | null }>())!
        .changed_at;
    await changePuja(puja, { rate: puja.rate + 100 });
    const stamped = await changedAt();
    expect(stamped).not.toBeNull();
    await changePuja(puja, {});
    expect(await changedAt()).toBe(stamped);
    await changePuja(puja, { rate: puja.rate });
    expect((await changedAt())! >= stamped!).toBe(true);

    const bookingChangedAt = async () =>
      (await env.DB.prepare("select booking_changed_at as t from temples where id = ?").bind(puja.temple_id).first<{ t: string | null }>())!
        .t;
    const before = await bookingChangedAt();
    await setOnline(puja.temple_id, true);
    expect(await bookingChangedAt()).toBe(before);
    await setOnline(puja.temple_id, false);
    await setOnline(puja.temple_id, true);
    expect(await bookingChangedAt()).not.toBe(before);
  });
});
