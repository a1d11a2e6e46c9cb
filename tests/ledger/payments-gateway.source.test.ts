/**
 * Issue 26: Sannidhi's production Razorpay adapter against the local Razorpay emulator
 * (a real HTTP server started by the test run, tests/support/emulator-setup.ts): orders,
 * payments of an order, capture, refunds with idempotency keys, injected faults, and
 * webhooks signed like Razorpay's. Each test works on its own orders, so faults are scoped.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PaymentGatewayError } from "~/lib/payments/provider";
import { razorpayProvider, razorpayWebhookSchema } from "~/lib/payments/razorpay.server";
import { razorpayEmulator } from "../support/razorpay-emulator";

const config = env as unknown as Record<
  "RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_WEBHOOK_SECRET" | "RAZORPAY_API_BASE",
  string
>;
const keys = {
  keyId: config.RAZORPAY_KEY_ID,
  keySecret: config.RAZORPAY_KEY_SECRET,
  webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
  apiBase: config.RAZORPAY_API_BASE,
};
const adapter = razorpayProvider(keys);
const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);
const receipt = () => `sn_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** An order of `amount` paise, paid (captured) as the browser would; its callback fields. */
async function paidOrder(amount = 120_000) {
  const { providerOrderId } = await adapter.createOrder({ amount, receipt: receipt(), notes: { customer: "7" } });
  const fields = await gateway.pay(providerOrderId);
  return { providerOrderId, paymentId: fields.razorpay_payment_id, fields };
}

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe("the Razorpay adapter against the emulator", () => {
  it("creates orders with Razorpay's shape, and finds the payment the browser made, captured with its fee", async () => {
    const { providerOrderId } = await adapter.createOrder({ amount: 50_100, receipt: "sn_order_shape", notes: { customer: "1" } });
    expect(providerOrderId).toMatch(/^order_\w{14}$/);
    const state = await gateway.orderState(providerOrderId);
    expect(state.order).toMatchObject({ entity: "order", amount: 50_100, currency: "INR", receipt: "sn_order_shape", status: "created" });
    expect(await adapter.fetchOrderPayments(providerOrderId)).toEqual([]);

    const fields = await gateway.pay(providerOrderId);
    expect(fields.razorpay_order_id).toBe(providerOrderId);
    expect(
      await adapter.verifyPayment({ providerOrderId, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature }),
    ).toBe(true);
    const [payment] = await adapter.fetchOrderPayments(providerOrderId);
    expect(payment).toMatchObject({ id: fields.razorpay_payment_id, orderId: providerOrderId, amount: 50_100, status: "captured" });
    expect(payment!.amountRefunded).toBe(0);
    expect(payment!.fee).toBeGreaterThan(0);
    expect(payment!.tax).toBeGreaterThan(0);
    expect(payment!.createdAt).toBeGreaterThan(1_700_000_000);
    expect(await adapter.fetchPayment(fields.razorpay_payment_id)).toEqual(payment);
    expect((await gateway.orderState(providerOrderId)).order?.status).toBe("paid");
    // A payment the gateway never made is unknown, not an error.
    expect(await adapter.fetchPayment("pay_SEED2024000001")).toBeNull();
  });

  it("records a failed attempt as failed, with Razorpay's error fields for the callback", async () => {
    const { providerOrderId } = await adapter.createOrder({ amount: 10_000, receipt: receipt(), notes: {} });
    const failure = await gateway.fail(providerOrderId);
    expect(failure["error[code]"]).toBe("BAD_REQUEST_ERROR");
    expect(JSON.parse(failure["error[metadata]"]!)).toMatchObject({ order_id: providerOrderId });
    const [payment] = await adapter.fetchOrderPayments(providerOrderId);
    expect(payment?.status).toBe("failed");
    expect((await gateway.orderState(providerOrderId)).order?.status).toBe("attempted");
  });

  it("captures a late authorisation once; a second capture is refused", async () => {
    const { providerOrderId } = await adapter.createOrder({ amount: 30_000, receipt: receipt(), notes: {} });
    const late = await gateway.payLate(providerOrderId, { delayMs: 3_600_000, capture: "manual" });
    expect((await adapter.fetchPayment(late.id))?.status).toBe("created");
    await gateway.runLate(providerOrderId);
    expect((await adapter.fetchPayment(late.id))?.status).toBe("authorized");
    expect(await adapter.capture(late.id, 30_000)).toMatchObject({ id: late.id, status: "captured", amount: 30_000 });
    expect((await gatewayError(adapter.capture(late.id, 30_000))).status).toBe(400);
  });
});

describe("refunds with an idempotency key", () => {
  it("the same key twice makes one refund; the same key with another amount is refused; never more than was captured", async () => {
    const { paymentId } = await paidOrder(120_000);
    const key = `refund-${crypto.randomUUID()}`;
    const first = await adapter.refund(paymentId, 20_000, key);
    expect(first).toMatchObject({ paymentId, amount: 20_000, status: "processed" });
    expect(first.id).toMatch(/^rfnd_\w{14}$/);
    expect(await adapter.refund(paymentId, 20_000, key)).toEqual(first);
    expect((await gatewayError(adapter.refund(paymentId, 30_000, key))).status).toBe(400);
    expect(await adapter.fetchRefunds(paymentId)).toEqual([first]);
    expect((await adapter.fetchPayment(paymentId))?.amountRefunded).toBe(20_000);

    // 1,000 of 1,200 left: more is refused, exactly that is refunded, and the payment is then refunded in full.
    expect((await gatewayError(adapter.refund(paymentId, 100_100, `refund-${crypto.randomUUID()}`))).status).toBe(400);
    await adapter.refund(paymentId, 100_000, `refund-${crypto.randomUUID()}`);
    expect(await adapter.fetchPayment(paymentId)).toMatchObject({ status: "refunded", amountRefunded: 120_000 });
    expect((await gatewayError(adapter.refund(paymentId, 100, `refund-${crypto.randomUUID()}`))).status).toBe(400);
    expect(await adapter.fetchRefunds(paymentId)).toHaveLength(2);
  });

  it("a refund refused once is made by the retry with the same key, once", async () => {
    const { providerOrderId, paymentId } = await paidOrder(40_000);
    await gateway.injectFault({
      kind: "api",
      call: "refund",
      status: 400,
      description: "Refund could not be processed",
      orderId: providerOrderId,
    });
    const key = `refund-${crypto.randomUUID()}`;
    expect((await gatewayError(adapter.refund(paymentId, 40_000, key))).status).toBe(400);
    const retried = await adapter.refund(paymentId, 40_000, key);
    expect(await adapter.refund(paymentId, 40_000, key)).toEqual(retried);
    expect(await adapter.fetchRefunds(paymentId)).toHaveLength(1);
  });
});

describe("faults injected on demand", () => {
  it("a 5xx surfaces as PaymentGatewayError with its status, for the scoped order only, then the gateway answers again", async () => {
    const { providerOrderId, paymentId } = await paidOrder();
    const other = await paidOrder();
    await gateway.injectFault({ kind: "api", call: "fetch", status: 503, times: 2, orderId: providerOrderId });
    expect(await adapter.fetchOrderPayments(other.providerOrderId)).toHaveLength(1);
    const error = await gatewayError(adapter.fetchOrderPayments(providerOrderId));
    expect(error.status).toBe(503);
    expect(error.message).not.toContain(keys.keySecret);
    expect((await gatewayError(adapter.fetchPayment(paymentId))).status).toBe(503);
    expect((await adapter.fetchPayment(paymentId))?.status).toBe("captured");
  });

  it("order creation fails for the receipt a fault names; a slow answer still comes (under the adapter's 10 s limit)", async () => {
    const refused = receipt();
    await gateway.injectFault({ kind: "api", call: "orders", status: 500, receipt: refused });
    expect((await gatewayError(adapter.createOrder({ amount: 10_000, receipt: refused, notes: {} }))).status).toBe(500);
    const slow = receipt();
    await gateway.injectFault({ kind: "api", call: "orders", delayMs: 300, receipt: slow });
    const started = Date.now();
    await adapter.createOrder({ amount: 10_000, receipt: slow, notes: {} });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("wrong keys are refused as Razorpay refuses them (401)", async () => {
    const stranger = razorpayProvider({ ...keys, keySecret: "not-the-secret" });
    expect((await gatewayError(stranger.createOrder({ amount: 10_000, receipt: receipt(), notes: {} }))).status).toBe(401);
  });
});

describe("webhooks", () => {
  it("are signed over the raw body with the webhook secret, in Razorpay's envelope, with an event id each", async () => {
    const { providerOrderId, paymentId } = await paidOrder(25_000);
    const webhooks = await gateway.pendingWebhooks(providerOrderId);
    expect(webhooks.map((w) => w.event)).toEqual(["payment.authorized", "payment.captured", "order.paid"]);
    for (const webhook of webhooks) {
      expect(await adapter.verifyWebhook(webhook.body, webhook.headers["x-razorpay-signature"]!)).toBe(true);
      expect(await adapter.verifyWebhook(webhook.body.replace("25000", "25001"), webhook.headers["x-razorpay-signature"]!)).toBe(false);
      const event = JSON.parse(webhook.body);
      expect(event).toMatchObject({
        entity: "event",
        event: webhook.event,
        payload: { payment: { entity: { id: paymentId, order_id: providerOrderId } } },
      });
      expect(event.account_id).toMatch(/^acc_/);
      expect(razorpayWebhookSchema.safeParse(event).success).toBe(true);
    }
    expect(JSON.parse(webhooks[2]!.body)).toMatchObject({
      contains: ["payment", "order"],
      payload: { order: { entity: { status: "paid" } } },
    });
    expect(new Set(webhooks.map((w) => w.headers["x-razorpay-event-id"])).size).toBe(3);
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
    expect(await gateway.pendingWebhooks(providerOrderId)).toEqual([]);
  });

  it("a duplicated event keeps its event id; a dropped one never comes; refunds send refund events", async () => {
    const { providerOrderId } = await adapter.createOrder({ amount: 15_000, receipt: receipt(), notes: {} });
    await gateway.injectFault({ kind: "webhook", duplicate: 2, times: 1, orderId: providerOrderId });
    await gateway.injectFault({ kind: "webhook", drop: true, times: 1, orderId: providerOrderId });
    const fields = await gateway.pay(providerOrderId);
    const webhooks = await gateway.pendingWebhooks(providerOrderId);
    // payment.authorized three times (one id), payment.captured dropped, order.paid once.
    expect(webhooks.map((w) => w.event)).toEqual(["payment.authorized", "payment.authorized", "payment.authorized", "order.paid"]);
    expect(new Set(webhooks.slice(0, 3).map((w) => w.eventId)).size).toBe(1);
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));

    await adapter.refund(fields.razorpay_payment_id, 15_000, `refund-${crypto.randomUUID()}`);
    const refundEvents = await gateway.pendingWebhooks(providerOrderId);
    expect(refundEvents.map((w) => w.event)).toEqual(["refund.created", "refund.processed"]);
    expect(JSON.parse(refundEvents[1]!.body)).toMatchObject({
      contains: ["refund", "payment"],
      payload: { refund: { entity: { status: "processed" } } },
    });
  });

  it("knows the payments the seed made before it started: captured with a fee, a refunded one's refund, and a due one refunds", async () => {
    const id = crypto.randomUUID().replace(/-/g, "").slice(0, 10);
    const paidAt = Math.floor(Date.now() / 1000) - 86_400;
    await gateway.importPaid([
      { orderId: `order_SEED${id}D`, paymentId: `pay_SEED${id}D`, amount: 100_100, paidAt, email: "devotee@sannidhi.example" },
      {
        orderId: `order_SEED${id}R`,
        paymentId: `pay_SEED${id}R`,
        amount: 55_100,
        paidAt,
        email: "devotee@sannidhi.example",
        refund: { id: `rfnd_SEED${id}R`, amount: 55_100, at: paidAt + 60 },
      },
    ]);
    const [due] = await adapter.fetchOrderPayments(`order_SEED${id}D`);
    expect(due).toMatchObject({ id: `pay_SEED${id}D`, amount: 100_100, status: "captured", amountRefunded: 0 });
    expect(due!.fee).toBeGreaterThan(0);
    const refunded = await adapter.fetchPayment(`pay_SEED${id}R`);
    expect(refunded).toMatchObject({ status: "refunded", amountRefunded: 55_100 });
    expect(await adapter.fetchRefunds(`pay_SEED${id}R`)).toEqual([expect.objectContaining({ id: `rfnd_SEED${id}R`, amount: 55_100 })]);
    // The operator's Retry of a seeded due refund is paid by the gateway, once.
    const refund = await adapter.refund(`pay_SEED${id}D`, 100_100, `sn_refund_pay_SEED${id}D`);
    expect(refund).toMatchObject({ amount: 100_100 });
    expect(await adapter.refund(`pay_SEED${id}D`, 100_100, `sn_refund_pay_SEED${id}D`)).toMatchObject({ id: refund.id });
    expect(await adapter.fetchPayment(`pay_SEED${id}D`)).toMatchObject({ status: "refunded", amountRefunded: 100_100 });
  });
});
