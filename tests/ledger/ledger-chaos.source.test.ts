/**
 * A small chaos run of the money core (the 300-checkout one runs against the Razorpay
 * emulator): 36 checkouts on the unit-test double of the gateway, each with a fault chosen by
 * a seeded random generator (tab closed, webhook ×3, webhook before callback, callback
 * replayed, both lost, a late authorisation after expiry, a refund refused, two tabs, the
 * gateway failing fetches), then reconciliation until it has nothing left. Afterwards every
 * captured payment is booked exactly once or refunded exactly once, no refund is paid twice,
 * and the day's report shows none of these payments unmatched.
 */
import { describe, expect, it } from "vitest";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { dailyReport } from "~/domain/ledger/report.server";
import { processWebhookEvent, recordWebhookEvent, type WebhookEvent } from "~/domain/ledger/webhooks.server";
import { todayInIndia } from "~/lib/india-time";
import type { GatewayPaymentRecord } from "~/lib/payments/provider";
import { type FakeGateway, fakeGateway } from "./support/fake-gateway";
import { bookingsOf, db, minutes, orderFor, refundRow, refundsOf } from "./support/ledger-fakes";
import { rng } from "../support/fuzz";

/** mulberry32 (the fuzz suites' generator): the same faults on every run of a seed. */
const random = (seed: number) => rng(seed).next;

const FAULTS = [
  "callback",
  "tab-closed",
  "webhook-x3",
  "webhook-first",
  "callback-replayed",
  "both-lost",
  "late-auth",
  "refund-refused",
  "two-tabs",
] as const;

let events = 0;
async function webhook(gateway: FakeGateway, payment: GatewayPaymentRecord, at: Date, eventId = `evt_chaos${++events}${Math.random()}`) {
  const event: WebhookEvent = {
    eventId,
    event: "payment.captured",
    payment: {
      id: payment.id,
      orderId: payment.orderId,
      amount: payment.amount,
      status: "captured",
      createdAt: payment.createdAt ?? undefined,
    },
  };
  if (await recordWebhookEvent(db(), event, at)) await processWebhookEvent(db(), gateway, event, at);
  return eventId;
}

function callback(gateway: FakeGateway, payment: GatewayPaymentRecord, at: Date) {
  const orderId = payment.orderId!;
  return completePayment(
    db(),
    gateway,
    { providerOrderId: orderId, paymentId: payment.id, signature: gateway.signature(orderId, payment.id) },
    at,
  );
}

describe("chaos on the money core", () => {
  it("books or refunds every captured payment exactly once, and never pays a refund twice", async () => {
    const gateway = fakeGateway();
    const next = random(26);
    const t0 = new Date();
    const paid = (orderId: string, at: Date) => gateway.pay(orderId, at);
    for (let i = 0; i < 36; i++) {
      const fault = FAULTS[i % FAULTS.length]!;
      const order = await orderFor(gateway, t0, 500 + Math.floor(next() * 5000));
      const at = minutes(t0, 1 + Math.floor(next() * 20));
      if (fault === "callback") await callback(gateway, paid(order.orderId, at), at);
      if (fault === "tab-closed") await webhook(gateway, paid(order.orderId, at), at);
      if (fault === "webhook-x3") {
        const payment = paid(order.orderId, at);
        const id = await webhook(gateway, payment, at);
        await webhook(gateway, payment, minutes(at, 1), id);
        await webhook(gateway, payment, minutes(at, 2));
      }
      if (fault === "webhook-first" || fault === "callback-replayed") {
        const payment = paid(order.orderId, at);
        if (fault === "webhook-first") await webhook(gateway, payment, at);
        await callback(gateway, payment, minutes(at, 1));
        await callback(gateway, payment, minutes(at, 2));
      }
      if (fault === "both-lost") paid(order.orderId, at);
      if (fault === "late-auth") gateway.pay(order.orderId, minutes(t0, 31 + Math.floor(next() * 5)), "authorized");
      if (fault === "refund-refused") {
        gateway.faults.refuseRefunds = 1;
        await callback(gateway, paid(order.orderId, minutes(t0, 40)), minutes(t0, 40));
      }
      if (fault === "two-tabs") {
        const [first, second] = [paid(order.orderId, at), paid(order.orderId, at)];
        await Promise.all([callback(gateway, first, at), webhook(gateway, second, at)]);
      }
    }
    // Reconciliation every 15 minutes for 5 hours; the gateway fails some fetches in the first hour.
    for (let run = 0; run < 20; run++) {
      gateway.faults.failFetches = run < 4 && next() < 0.5 ? 2 : 0;
      await reconcile(db(), gateway, minutes(t0, 45 + 15 * run));
    }

    const captured = [...gateway.payments.values()].filter((p) => p.status === "captured" || p.status === "refunded");
    expect(captured.length).toBeGreaterThanOrEqual(36);
    let refunds = 0;
    for (const payment of captured) {
      const [booked, refunded] = [await bookingsOf(payment.id), await refundsOf(payment.id)];
      refunds += refunded;
      expect(booked + refunded, payment.id).toBe(1);
      expect(gateway.refundedOf(payment.id), payment.id).toBe(refunded ? payment.amount : 0);
      if (refunded) expect((await refundRow(payment.id))!.status, payment.id).toBe("refunded");
    }
    // Late authorisations, refused refunds and second tabs: 4 of each, all refunded in the end.
    expect(refunds).toBe(12);
    // Never paid twice: each key made money move at most once.
    const moved = gateway.refundCalls.filter((call) => call.created).map((call) => call.paymentId);
    expect(new Set(moved).size).toBe(moved.length);
    const ours = new Set(captured.map((p) => p.id));
    for (const day of new Set([todayInIndia(t0), todayInIndia(minutes(t0, 60))])) {
      const report = await dailyReport(db(), day);
      expect(report.unmatched.filter((u) => ours.has(u.paymentRef))).toEqual([]);
    }
  });
});
