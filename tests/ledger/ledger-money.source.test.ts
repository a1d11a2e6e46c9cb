/**
 * Issue 26, the money core: every captured payment is booked exactly once or refunded
 * exactly once, whatever order the callback, the webhooks and reconciliation arrive in, and
 * no refund is ever paid twice. The gateway is a unit-test double (tests/support/fake-gateway.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelExpiredOrders } from "~/domain/bookings/cart/checkout.server";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import { recordGatewayPayment } from "~/domain/ledger/gateway-payments.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { dailyReport } from "~/domain/ledger/report.server";
import { markRefundedOutside, refundBackoffMs, refundIdempotencyKey, retryRefund } from "~/domain/ledger/refunds.server";
import { processWebhookEvent, recordWebhookEvent, type WebhookEvent } from "~/domain/ledger/webhooks.server";
import { todayInIndia } from "~/lib/india-time";
import { PaymentGatewayError } from "~/lib/payments/provider";
import { fakeGateway } from "./support/fake-gateway";
import { bookingsOf, count, db, lateRefund, ledgerRow, minutes, orderFor, refundRow, refundsOf } from "./support/ledger-fakes";

const capturedEvent = (
  eventId: string,
  event: string,
  payment: { id: string; orderId: string | null; amount: number; createdAt: number | null },
) =>
  ({
    eventId,
    event,
    payment: {
      id: payment.id,
      orderId: payment.orderId,
      amount: payment.amount,
      status: "captured",
      createdAt: payment.createdAt ?? undefined,
    },
  }) satisfies WebhookEvent;

const uid = () => crypto.randomUUID().slice(0, 8);

describe("the callback and webhooks book a payment once", () => {
  it("books a replayed callback once and enters the payment in the ledger", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 1));
    const callback = { providerOrderId: order.orderId, paymentId: payment.id, signature: gateway.signature(order.orderId, payment.id) };
    expect(await completePayment(db(), gateway, callback, minutes(t0, 1))).toMatchObject({ status: "paid" });
    expect(await completePayment(db(), gateway, callback, minutes(t0, 2))).toEqual({ status: "duplicate", refunded: false });
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(await ledgerRow(payment.id)).toMatchObject({ status: "captured", source: "callback", amount: order.amount });
  });

  it("stores each event id once: a replay does nothing, and three deliveries of a payment book it once", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 1));
    const event = capturedEvent(`evt_${uid()}`, "payment.captured", payment);
    expect(await recordWebhookEvent(db(), event, minutes(t0, 1))).toBe(true);
    expect(await recordWebhookEvent(db(), event, minutes(t0, 1))).toBe(false);
    expect(await recordWebhookEvent(db(), event, minutes(t0, 2))).toBe(false);
    expect(await count("select count(*) as n from webhook_events where event_id = ?", event.eventId)).toBe(1);
    // Razorpay sends payment.captured and order.paid for one payment, each at least once.
    const outcomes = [];
    for (const delivery of [
      event,
      capturedEvent(`evt_${uid()}`, "order.paid", payment),
      capturedEvent(`evt_${uid()}`, "payment.captured", payment),
    ]) {
      outcomes.push((await processWebhookEvent(db(), gateway, delivery, minutes(t0, 2))).completion?.status);
    }
    expect(outcomes).toEqual(["paid", "duplicate", "duplicate"]);
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(await refundsOf(payment.id)).toBe(0);
    expect(await count("select count(*) as n from webhook_events where event_id = ? and processed_at is not null", event.eventId)).toBe(1);
    expect(await ledgerRow(payment.id)).toMatchObject({ status: "captured", source: "webhook" });
  });

  it("books a webhook that came before the callback once; the callback is a replay", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 1));
    await processWebhookEvent(db(), gateway, capturedEvent(`evt_${uid()}`, "payment.captured", payment), minutes(t0, 1));
    const callback = { providerOrderId: order.orderId, paymentId: payment.id, signature: gateway.signature(order.orderId, payment.id) };
    expect(await completePayment(db(), gateway, callback, minutes(t0, 2))).toEqual({ status: "duplicate", refunded: false });
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(await count("select count(*) as n from transactions where customer_id = ?", order.customerId)).toBe(1);
  });

  it("records an authorized and a failed payment in the ledger without booking them", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const failed = gateway.pay(order.orderId, minutes(t0, 1), "failed");
    await processWebhookEvent(db(), gateway, {
      eventId: `evt_${uid()}`,
      event: "payment.failed",
      payment: { ...failed, createdAt: undefined },
    });
    expect(await ledgerRow(failed.id)).toMatchObject({ status: "failed", source: "webhook" });
    const authorized = gateway.pay(order.orderId, minutes(t0, 2), "authorized");
    await processWebhookEvent(db(), gateway, {
      eventId: `evt_${uid()}`,
      event: "payment.authorized",
      payment: { ...authorized, createdAt: undefined },
    });
    expect(await ledgerRow(authorized.id)).toMatchObject({ status: "authorized" });
    expect(await bookingsOf(authorized.id)).toBe(0);
    // A late "authorized" after "captured" never moves the ledger back.
    await processWebhookEvent(db(), gateway, capturedEvent(`evt_${uid()}`, "payment.captured", authorized), minutes(t0, 3));
    await processWebhookEvent(db(), gateway, {
      eventId: `evt_${uid()}`,
      event: "payment.authorized",
      payment: { ...authorized, createdAt: undefined },
    });
    expect(await ledgerRow(authorized.id)).toMatchObject({ status: "captured" });
    expect(await bookingsOf(authorized.id)).toBe(1);
  });
});

describe("refunds that finish, never twice", () => {
  it("leaves a refused refund due with a backoff, retries it with the same key, and refunds it once", async () => {
    const gateway = fakeGateway();
    gateway.faults.refuseRefunds = 1;
    const { t0, payment, result } = await lateRefund(gateway);
    expect(result).toMatchObject({ status: "refunded", reason: "expired", settled: false });
    const due = await refundRow(payment.id);
    expect(due).toMatchObject({ status: "due", attempts: 1, idempotency_key: refundIdempotencyKey(payment.id), refund_ref: null });
    expect(due!.last_error).toBe("Razorpay refused the refund (HTTP 502)");
    expect(due!.next_attempt_at).toBe(new Date(minutes(t0, 45).getTime() + refundBackoffMs(1)).toISOString());

    // Before its next attempt, reconciliation leaves it alone; after, it sends it again with the same key.
    await reconcile(db(), gateway, minutes(t0, 47));
    expect(gateway.refundCalls.filter((c) => c.paymentId === payment.id)).toHaveLength(1);
    await reconcile(db(), gateway, minutes(t0, 51));
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded", attempts: 2 });
    const calls = gateway.refundCalls.filter((c) => c.paymentId === payment.id);
    expect(calls.map((c) => c.key)).toEqual([refundIdempotencyKey(payment.id), refundIdempotencyKey(payment.id)]);
    expect(gateway.refundedOf(payment.id)).toBe(payment.amount);

    // A refunded refund is never sent again, by the operator or by a later run.
    const refund = await refundRow(payment.id);
    expect(await retryRefund(db(), gateway, refund!.id, minutes(t0, 60))).toMatchObject({ ok: false });
    await reconcile(db(), gateway, minutes(t0, 600));
    expect(gateway.refundCalls.filter((c) => c.paymentId === payment.id)).toHaveLength(2);
    expect(gateway.refundedOf(payment.id)).toBe(payment.amount);
    expect(await bookingsOf(payment.id)).toBe(0);
  });

  it("backs off 5 minutes doubling, at most 6 hours", () => {
    expect([1, 2, 3, 4, 10].map((n) => refundBackoffMs(n) / 60_000)).toEqual([5, 10, 20, 40, 360]);
  });

  it("confirms a pending refund from the gateway's refunds, and the operator's retry sends a due one at once", async () => {
    const gateway = fakeGateway();
    gateway.faults.refundStatus = "pending";
    const { t0, payment, result } = await lateRefund(gateway);
    expect(result).toMatchObject({ status: "refunded", settled: true });
    const pending = await refundRow(payment.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.started_at).toBe(minutes(t0, 45).toISOString());
    [...gateway.refundsByKey.values()].find((r) => r.paymentId === payment.id)!.status = "processed";
    await reconcile(db(), gateway, minutes(t0, 50));
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded", refund_ref: pending!.refund_ref });

    const other = fakeGateway();
    other.faults.refuseRefunds = 2;
    const second = await lateRefund(other);
    const row = await refundRow(second.payment.id);
    expect(await retryRefund(db(), other, row!.id, minutes(second.t0, 46))).toMatchObject({ ok: false });
    expect(await retryRefund(db(), other, row!.id, minutes(second.t0, 47))).toEqual({ ok: true, status: "refunded" });
    expect(new Set(other.refundCalls.map((c) => c.key))).toEqual(new Set([refundIdempotencyKey(second.payment.id)]));
    expect(other.refundedOf(second.payment.id)).toBe(second.payment.amount);
  });

  it("gives a refund the gateway reports failed a new key (no money moved) and refunds it once", async () => {
    const gateway = fakeGateway();
    gateway.faults.refundStatus = "failed";
    const { t0, payment } = await lateRefund(gateway);
    const row = await refundRow(payment.id);
    expect(row).toMatchObject({ status: "due", idempotency_key: `${refundIdempotencyKey(payment.id)}_f1` });
    gateway.faults.refundStatus = "processed";
    await reconcile(db(), gateway, minutes(t0, 60));
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded" });
    expect(gateway.refundedOf(payment.id)).toBe(payment.amount);
  });

  it("marks a due refund refunded outside the portal, with a reference and a reason, audited; never twice", async () => {
    const gateway = fakeGateway();
    gateway.faults.refuseRefunds = 5;
    const { payment } = await lateRefund(gateway);
    const row = await refundRow(payment.id);
    const operator = await env.DB.prepare("select id from customers order by id limit 1").first<{ id: number }>();
    const input = { reference: "NEFT-2211", reason: "The card was closed; refunded by bank transfer.", operatorId: operator!.id };
    expect(await markRefundedOutside(db(), row!.id, { ...input, reference: " " })).toMatchObject({ ok: false });
    expect(await markRefundedOutside(db(), row!.id, input)).toEqual({ ok: true });
    expect(await markRefundedOutside(db(), row!.id, input)).toMatchObject({ ok: false });
    expect(await refundRow(payment.id)).toMatchObject({ status: "outside" });
    expect(await count("select count(*) as n from audit_log where action = 'refund.outside' and entity_id = ?", String(row!.id))).toBe(1);
    expect(await retryRefund(db(), gateway, row!.id)).toMatchObject({ ok: false });
  });
});

describe("the ledger", () => {
  it("enters a payment with one statement well under D1's 100 bound parameters", () => {
    const statement = recordGatewayPayment(
      db(),
      {
        paymentRef: "pay_x",
        paymentOrderId: 1,
        provider: "razorpay",
        amount: 100,
        status: "captured",
        source: "callback",
        paidAt: new Date(),
      },
      new Date(),
    );
    expect(statement.toSQL().params.length).toBeLessThanOrEqual(20);
  });

  it("holds every booked payment, the seed's demo payments included, and a seeded day closes with nothing unmatched", async () => {
    expect(await count("select count(*) as n from transactions")).toBeGreaterThan(0);
    expect(
      await count(
        "select count(*) as n from transactions t where not exists (select 1 from gateway_payments g where g.payment_ref = t.payment_ref)",
      ),
    ).toBe(0);
    const seeded = await env.DB.prepare("select paid_at from gateway_payments order by paid_at limit 1").first<{ paid_at: string }>();
    const report = await dailyReport(db(), todayInIndia(new Date(seeded!.paid_at)));
    expect(report.received.count).toBeGreaterThan(0);
    expect(report.booked).toEqual(report.received);
    expect(report.unmatched).toEqual([]);
  });
});

describe("reconciliation", () => {
  it("books a captured payment whose browser and webhook both went missing, once, and the day's report closes", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 1));
    const summary = await reconcile(db(), gateway, minutes(t0, 5));
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(summary.paymentsBooked).toBeGreaterThanOrEqual(1);
    expect(summary.gatewayCalls).toBeLessThanOrEqual(40);
    expect(await ledgerRow(payment.id)).toMatchObject({ status: "captured", source: "reconciliation", fee: payment.fee });
    expect(await count("select count(*) as n from reconciliation_runs where id = ? and finished_at is not null", summary.runId)).toBe(1);
    expect(summary.unmatched.find((u) => u.paymentRef === payment.id)).toBeUndefined();
    await reconcile(db(), gateway, minutes(t0, 20));
    expect(await bookingsOf(payment.id)).toBe(1);

    const report = await dailyReport(db(), todayInIndia(minutes(t0, 1)));
    expect(report.unmatched.find((u) => u.paymentRef === payment.id)).toBeUndefined();
    expect(report.received.amount).toBe(
      report.booked.amount +
        report.refunded.amount +
        report.refundPending.amount +
        report.refundDue.amount +
        report.unmatched.reduce((s, u) => s + u.amount, 0),
    );
  });

  it("captures a late authorisation after the order expired and refunds it; books one made in time whose lines still hold", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const late = await orderFor(gateway, t0);
    const inTime = await orderFor(gateway, t0);
    await cancelExpiredOrders(db(), minutes(t0, 40));
    const lateAuth = gateway.pay(late.orderId, minutes(t0, 35), "authorized");
    const inTimeAuth = gateway.pay(inTime.orderId, minutes(t0, 20), "authorized");
    await reconcile(db(), gateway, minutes(t0, 41));
    expect(gateway.payments.get(lateAuth.id)!.status).toBe("refunded");
    expect([await bookingsOf(lateAuth.id), await refundsOf(lateAuth.id)]).toEqual([0, 1]);
    expect(await refundRow(lateAuth.id)).toMatchObject({ status: "refunded" });
    expect(gateway.payments.get(inTimeAuth.id)!.status).toBe("captured");
    expect([await bookingsOf(inTimeAuth.id), await refundsOf(inTimeAuth.id)]).toEqual([1, 0]);
  });

  it("is not starved by orders the gateway refuses to answer for: a refused order waits its turn like one asked", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    // The oldest order's payment went missing; 45 newer orders are ones the gateway refuses (HTTP 400: unknown to it).
    const lost = await orderFor(gateway, t0);
    const payment = gateway.pay(lost.orderId, minutes(t0, 1));
    const refused = new Set<string>();
    for (let i = 0; i < 45; i++) refused.add((await orderFor(gateway, t0)).orderId);
    const fetchOrderPayments = gateway.fetchOrderPayments.bind(gateway);
    gateway.fetchOrderPayments = async (orderId) => {
      if (refused.has(orderId)) throw new PaymentGatewayError("Razorpay refused the payments (HTTP 400)", 400);
      return fetchOrderPayments(orderId);
    };
    // One run asks at most 40: the refused ones it reached wait 30 minutes, so the next runs reach the rest.
    for (const at of [3, 10, 17]) await reconcile(db(), gateway, minutes(t0, at));
    expect(await bookingsOf(payment.id)).toBe(1);
  });

  it("finishes an event whose work failed, and leaves orders it could not ask about for the next run", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 1));
    const event = capturedEvent(`evt_${uid()}`, "payment.captured", payment);
    // Stored, then its work never ran (the Worker was stopped).
    expect(await recordWebhookEvent(db(), event, minutes(t0, 1))).toBe(true);
    gateway.faults.failFetches = 100;
    const failed = await reconcile(db(), gateway, minutes(t0, 3));
    expect(failed.errors).toBeGreaterThan(0);
    expect(await bookingsOf(payment.id)).toBe(0);
    gateway.faults.failFetches = 0;
    await reconcile(db(), gateway, minutes(t0, 4));
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(await count("select count(*) as n from webhook_events where event_id = ? and processed_at is not null", event.eventId)).toBe(1);
  });
});
