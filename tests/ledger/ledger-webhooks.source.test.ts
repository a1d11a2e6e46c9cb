/**
 * POST /payments/webhook from source: the signature first, then the event id stored once; the
 * answer goes at once and the work runs after it (waitUntil). The Worker runs with Razorpay
 * keys (a webhook secret); orders are opened on the unit-test double of the gateway, and
 * Razorpay's refund API is faked at the network edge (globalThis.fetch).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { outboxFor } from "../support/browser";
import { hmacSha256Hex } from "~/lib/crypto.server";
import worker from "../../workers/app";
import { fakeGateway } from "./support/fake-gateway";
import { bookingsOf, count, minutes, orderFor, refundRow } from "./support/ledger-fakes";

const SECRETS = {
  RAZORPAY_KEY_ID: "rzp_test_LEDGER",
  RAZORPAY_KEY_SECRET: "rzp_test_secret_ledger",
  RAZORPAY_WEBHOOK_SECRET: "whsec_ledger",
};
const razorpayEnv = { ...env, ...SECRETS } as Env;

afterEach(() => vi.restoreAllMocks());

function paymentEvent(
  event: string,
  payment: { id: string; orderId: string | null; amount: number; createdAt: number | null },
  status = "captured",
) {
  return JSON.stringify({
    entity: "event",
    event,
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: "payment",
          amount: payment.amount,
          currency: "INR",
          status,
          order_id: payment.orderId,
          created_at: payment.createdAt,
        },
      },
    },
    created_at: payment.createdAt,
  });
}

async function deliver(body: string, eventId: string | null, signature?: string) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-razorpay-signature": signature ?? (await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, body)),
  };
  if (eventId !== null) headers["x-razorpay-event-id"] = eventId;
  const started = performance.now();
  const response = await worker.fetch(
    new Request("http://localhost/payments/webhook", { method: "POST", headers, body }) as Parameters<typeof worker.fetch>[0],
    razorpayEnv,
    ctx,
  );
  const answeredIn = performance.now() - started;
  const json = await response.json();
  await waitOnExecutionContext(ctx);
  return { status: response.status, json, answeredIn };
}

const eventId = () => `evt_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;

describe("POST /payments/webhook", () => {
  it("refuses a verified webhook without an event id, with a JSON body, and a forged one", async () => {
    const gateway = fakeGateway();
    const order = await orderFor(gateway, new Date());
    const body = paymentEvent("payment.captured", gateway.pay(order.orderId, new Date()));
    const missing = await deliver(body, null);
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ status: "rejected", message: expect.any(String) });
    const forged = await deliver(body, eventId(), "0".repeat(64));
    expect(forged).toMatchObject({ status: 400, json: { status: "rejected" } });
    expect(await count("select count(*) as n from transactions where customer_id = ?", order.customerId)).toBe(0);
  });

  it("answers at once, books after the answer and mails the receipt; a replay answers 2xx and does nothing", async () => {
    const gateway = fakeGateway();
    const t0 = new Date();
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, -1));
    const body = paymentEvent("payment.captured", payment);
    const id = eventId();
    const first = await deliver(body, id);
    expect(first).toMatchObject({ status: 200, json: { status: "accepted" } });
    expect(first.answeredIn).toBeLessThan(1000);
    expect(await bookingsOf(payment.id)).toBe(1);
    expect(await count("select count(*) as n from webhook_events where event_id = ? and processed_at is not null", id)).toBe(1);
    const email = await env.DB.prepare("select email from customers where id = ?").bind(order.customerId).first<{ email: string }>();
    expect((await outboxFor(email!.email)).length).toBe(1);

    for (let i = 0; i < 3; i++) expect(await deliver(body, id)).toMatchObject({ status: 200, json: { status: "duplicate" } });
    // The same payment under another event (order.paid) is worked, and finds it booked.
    expect(await deliver(paymentEvent("order.paid", payment), eventId())).toMatchObject({ status: 200, json: { status: "accepted" } });
    expect(await bookingsOf(payment.id)).toBe(1);
    expect((await outboxFor(email!.email)).length).toBe(1);
  });

  it("moves a pending refund to refunded on refund.processed, a failed one back to due; tells it started, then once that it is complete", async () => {
    const gateway = fakeGateway();
    // Razorpay's refund API at the network edge: it accepts the refund as pending.
    const api = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const match = /\/payments\/([^/]+)\/refund$/.exec(String(input));
      if (!match) return new Response("{}", { status: 404 });
      const { amount } = JSON.parse(String(init?.body)) as { amount: number };
      return Response.json({ id: `rfnd_${match[1]!.slice(4, 14)}`, entity: "refund", payment_id: match[1], amount, status: "pending" });
    });
    const t0 = new Date(Date.now() - 60 * 60_000);
    const order = await orderFor(gateway, t0);
    const payment = gateway.pay(order.orderId, minutes(t0, 45));
    // Paid after the order expired: recorded for refund, and the gateway (the test double) accepts it as pending.
    await deliver(paymentEvent("payment.captured", payment), eventId());
    const pending = await refundRow(payment.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(new Headers(api.mock.calls[0]![1]?.headers).get("X-Refund-Idempotency")).toBe(pending!.idempotency_key);
    // The devotee is told once: "Refund of ₹X started on <date>, reference …".
    const email = await env.DB.prepare("select email from customers where id = ?").bind(order.customerId).first<{ email: string }>();
    const mails = await outboxFor(email!.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Refund of ₹1,250.00 started"]);
    expect(mails[0]!.text).toContain(`Refund of ₹1,250.00 started on `);
    expect(mails[0]!.text).toContain(`reference ${pending!.refund_ref}.`);
    const refundEvent = (event: string, status: string) =>
      JSON.stringify({
        event,
        payload: { refund: { entity: { id: pending!.refund_ref, payment_id: payment.id, amount: payment.amount, status } } },
      });
    expect(await deliver(refundEvent("refund.failed", "failed"), eventId())).toMatchObject({ status: 200 });
    expect(await refundRow(payment.id)).toMatchObject({ status: "due", refund_ref: pending!.refund_ref });
    expect(await deliver(refundEvent("refund.processed", "processed"), eventId())).toMatchObject({ status: 200 });
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded" });
    // Then once that it is complete, however often the gateway says so.
    expect(await deliver(refundEvent("refund.processed", "processed"), eventId())).toMatchObject({ status: 200 });
    const after = await outboxFor(email!.email);
    expect(after.map((mail) => mail.subject)).toEqual(["Refund of ₹1,250.00 completed", "Refund of ₹1,250.00 started"]);
    expect(after[0]!.text).toContain(`Your refund of ₹1,250.00 is complete (reference ${pending!.refund_ref}).`);
  });
});
