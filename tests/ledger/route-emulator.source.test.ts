/**
 * Issue 43: the production Razorpay Route adapter against the local emulator: a temple's linked
 * account from creation to activation (stakeholder, settlement bank account, review), transfers
 * on an order and from a payment, a hold and its release, a reversal and a refund that reverses
 * all, a settlement with its UTR, Route's webhooks signed and shaped as Razorpay sends them, and a
 * transfer that fails once and succeeds when retried.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PaymentGatewayError } from "~/lib/payments/provider";
import { razorpayRoute, routeWebhookSchema } from "~/lib/payments/razorpay-route.server";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
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
const route = razorpayRoute(keys);
const payments = razorpayProvider(keys);
const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

const unique = () => crypto.randomUUID().slice(0, 8);
const bank = { accountNumber: "50100123456789", ifscCode: "HDFC0001234", beneficiaryName: "Sree Krishna Swamy Temple Trust" };

function accountRequest(reference = `temple_${unique()}`) {
  return {
    email: `${reference}@temples.example`,
    phone: "9876543210",
    referenceId: reference,
    legalBusinessName: "Sree Krishna Swamy Temple Trust",
    businessType: "trust" as const,
    contactName: "Parvathi Menon",
    address: { street1: "East Nada", city: "Guruvayur", state: "KERALA", postal_code: "680101", country: "IN" as const },
    pan: "AAATS1234K",
  };
}

/** A temple's linked account, reviewed and activated. */
async function activatedAccount() {
  const linked = await route.createLinkedAccount(accountRequest());
  await route.configureRoute(linked.id, bank);
  await gateway.setAccountStatus(linked.id, "activated");
  await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(linked.id)).map((w) => w.id));
  return linked.id;
}

/** An order paid at the emulator: its id and the captured payment's id. */
async function paidOrder(amount = 100_000) {
  const { providerOrderId } = await payments.createOrder({ amount, receipt: `r_${unique()}`, notes: {} });
  const paid = await gateway.pay(providerOrderId);
  return { orderId: providerOrderId, paymentId: paid.razorpay_payment_id };
}

async function verified(body: string, signature: string | undefined) {
  return payments.verifyWebhook(body, signature ?? "");
}

describe("a temple's linked account at Razorpay Route", () => {
  it("is created, given a stakeholder and its bank account, goes for review and is activated, each step a signed webhook", async () => {
    const request = accountRequest();
    const linked = await route.createLinkedAccount(request);
    expect(linked).toMatchObject({ status: "created", referenceId: request.referenceId, activatedAt: null });
    expect(linked.id).toMatch(/^acc_\w{14}$/);
    // One reference, one account.
    expect((await gatewayError(route.createLinkedAccount({ ...request, email: `other_${request.email}` }))).status).toBe(400);

    const stakeholder = await route.addStakeholder(linked.id, { name: "Parvathi Menon", email: "parvathi@example.com", pan: "ABCPM1234D" });
    expect(stakeholder.id).toMatch(/^sth_\w{14}$/);
    expect((await gatewayError(route.addStakeholder(linked.id, { name: "X", email: "x@example.com", pan: "not-a-pan" }))).status).toBe(400);
    // A bad IFSC is refused, and the account stays as it was.
    expect((await gatewayError(route.configureRoute(linked.id, { ...bank, ifscCode: "HDFC1234" }))).status).toBe(400);
    expect((await route.fetchLinkedAccount(linked.id)).status).toBe("created");

    expect(await route.configureRoute(linked.id, bank)).toMatchObject({ activationStatus: "under_review" });
    expect((await route.fetchLinkedAccount(linked.id)).status).toBe("under_review");
    // No money goes to an account under review.
    const { paymentId } = await paidOrder();
    expect((await gatewayError(route.transferPayment(paymentId, [{ account: linked.id, amount: 10_000 }]))).status).toBe(400);

    await gateway.setAccountStatus(linked.id, "activated");
    const activated = await route.fetchLinkedAccount(linked.id);
    expect(activated.status).toBe("activated");
    expect(activated.activatedAt).toBeGreaterThan(0);

    const webhooks = await gateway.pendingWebhooks(linked.id);
    expect(webhooks.map((w) => w.event)).toEqual([
      "account.under_review",
      "product.route.under_review",
      "account.activated",
      "product.route.activated",
    ]);
    for (const webhook of webhooks) expect(await verified(webhook.body, webhook.headers["x-razorpay-signature"])).toBe(true);
    expect(await verified(webhooks[2]!.body.replace("activated", "suspended"), webhooks[2]!.headers["x-razorpay-signature"])).toBe(false);
    const event = routeWebhookSchema.parse(JSON.parse(webhooks[2]!.body));
    expect(event.payload.account?.entity).toMatchObject({ id: linked.id, status: "activated", reference_id: request.referenceId });
    const product = routeWebhookSchema.parse(JSON.parse(webhooks[3]!.body));
    expect(product.payload.merchant_product?.entity).toMatchObject({ merchant_id: linked.id, activation_status: "activated" });
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
  });
});

describe("transfers to a temple's linked account", () => {
  it("made on the order when its payment is captured, each with transfer.processed", async () => {
    const temple = await activatedAccount();
    const split = [{ account: temple, amount: 95_000, notes: { booking: "42" } }];
    // More than the order is refused when the order is made.
    const tooMuch = route.createOrderWithTransfers({ amount: 90_000, receipt: `r_${unique()}`, notes: {} }, split);
    expect((await gatewayError(tooMuch)).status).toBe(400);

    const { providerOrderId } = await route.createOrderWithTransfers({ amount: 100_000, receipt: `r_${unique()}`, notes: {} }, split);
    const paid = await gateway.pay(providerOrderId);
    const [made, ...others] = await route.fetchPaymentTransfers(paid.razorpay_payment_id);
    expect(others).toEqual([]);
    expect(made).toMatchObject({
      status: "processed",
      source: paid.razorpay_payment_id,
      recipient: temple,
      amount: 95_000,
      notes: { booking: "42" },
      onHold: false,
      settlementStatus: "pending",
    });
    expect(await route.fetchTransfer(made!.id)).toEqual(made);

    const webhooks = await gateway.pendingWebhooks(providerOrderId);
    expect(webhooks.map((w) => w.event)).toEqual(["payment.authorized", "payment.captured", "order.paid", "transfer.processed"]);
    const processed = webhooks.at(-1)!;
    expect(await verified(processed.body, processed.headers["x-razorpay-signature"])).toBe(true);
    const event = routeWebhookSchema.parse(JSON.parse(processed.body));
    expect(event.payload.transfer?.entity).toMatchObject({
      id: made!.id,
      source: paid.razorpay_payment_id,
      recipient: temple,
      amount: 95_000,
    });
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
  });

  it("made from a payment on hold are not settled until released; then settled with a UTR and settlement.processed", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder(100_000);
    // No more than the payment.
    expect((await gatewayError(route.transferPayment(paymentId, [{ account: temple, amount: 100_001 }]))).status).toBe(400);
    const [held] = await route.transferPayment(paymentId, [{ account: temple, amount: 60_000, onHold: true }]);
    expect(held).toMatchObject({ status: "processed", onHold: true, settlementStatus: "on_hold", onHoldUntil: null });
    // What is left of the payment can still go; more than that cannot.
    expect((await gatewayError(route.transferPayment(paymentId, [{ account: temple, amount: 40_001 }]))).status).toBe(400);

    expect(await gateway.settleNow(temple)).toEqual([]);
    expect((await route.fetchTransfer(held!.id)).settlementStatus).toBe("on_hold");

    const released = await route.setTransferHold(held!.id, false);
    expect(released).toMatchObject({ onHold: false, settlementStatus: "pending" });
    const [settled, ...more] = await gateway.settleNow(temple);
    expect(more).toEqual([]);
    expect(settled).toMatchObject({ amount: 60_000 });
    expect(settled!.utr).toMatch(/^\w{12,22}$/);
    const after = await route.fetchTransfer(held!.id);
    expect(after).toMatchObject({ settlementStatus: "settled", settlementId: settled!.id });
    expect(await route.fetchSettlement(settled!.id)).toMatchObject({
      id: settled!.id,
      amount: 60_000,
      utr: settled!.utr,
      status: "processed",
    });
    // A settled transfer can no longer be held.
    expect((await gatewayError(route.setTransferHold(held!.id, true))).status).toBe(400);

    const webhooks = await gateway.pendingWebhooks(temple);
    expect(webhooks.map((w) => w.event)).toEqual(["settlement.processed"]);
    expect(await verified(webhooks[0]!.body, webhooks[0]!.headers["x-razorpay-signature"])).toBe(true);
    const event = routeWebhookSchema.parse(JSON.parse(webhooks[0]!.body));
    expect(event.payload.settlement?.entity).toMatchObject({ id: settled!.id, utr: settled!.utr, amount: 60_000 });
    await gateway.acknowledgeWebhooks([...webhooks, ...(await gateway.pendingWebhooks(orderId))].map((w) => w.id));
  });

  it("held until a time are settled once that time has passed", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder();
    const soon = Math.floor(Date.now() / 1000) + 1;
    const [held] = await route.transferPayment(paymentId, [{ account: temple, amount: 30_000, onHold: true, onHoldUntil: soon }]);
    expect(held).toMatchObject({ onHold: true, onHoldUntil: soon });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await gateway.settleNow(temple)).toMatchObject([{ amount: 30_000 }]);
    await gateway.acknowledgeWebhooks(
      [...(await gateway.pendingWebhooks(temple)), ...(await gateway.pendingWebhooks(orderId))].map((w) => w.id),
    );
  });

  it("are reversed in part, and a refund with reverse_all takes back the rest before refunding", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder(100_000);
    const [made] = await route.transferPayment(paymentId, [{ account: temple, amount: 80_000 }]);
    const reversal = await route.reverseTransfer(made!.id, 20_000, { reason: "cancelled seva" });
    expect(reversal).toMatchObject({ transferId: made!.id, amount: 20_000, refundId: null });
    expect(reversal.id).toMatch(/^rvrsl_\w{14}$/);
    expect(await route.fetchTransfer(made!.id)).toMatchObject({ status: "partially_reversed", amountReversed: 20_000 });
    expect((await gatewayError(route.reverseTransfer(made!.id, 60_001))).status).toBe(400);

    const refund = await route.refundReversingTransfers(paymentId, 100_000, `refund_${unique()}_key`);
    expect(refund).toMatchObject({ paymentId, amount: 100_000 });
    expect(await route.fetchTransfer(made!.id)).toMatchObject({ status: "reversed", amountReversed: 80_000 });
    expect(await payments.fetchPayment(paymentId)).toMatchObject({ status: "refunded", amountRefunded: 100_000 });
    // Nothing of it is settled to the temple.
    expect(await gateway.settleNow(temple)).toEqual([]);
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(orderId)).map((w) => w.id));
  });

  it("settled cannot be taken back by a refund with reverse_all", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder(100_000);
    await route.transferPayment(paymentId, [{ account: temple, amount: 50_000 }]);
    await gateway.settleNow(temple);
    expect((await gatewayError(route.refundReversingTransfers(paymentId, 100_000, `refund_${unique()}_key`))).status).toBe(400);
    expect(await payments.fetchPayment(paymentId)).toMatchObject({ status: "captured", amountRefunded: 0 });
    await gateway.acknowledgeWebhooks(
      [...(await gateway.pendingWebhooks(temple)), ...(await gateway.pendingWebhooks(orderId))].map((w) => w.id),
    );
  });
});

describe("Route's faults, as the chaos test injects them", () => {
  it("a transfer that fails once (transfer.failed) succeeds when retried; its webhooks can come twice", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder(100_000);
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(orderId)).map((w) => w.id));
    await gateway.injectFault({ kind: "transfer-fails", orderId });
    await gateway.injectFault({ kind: "webhook", orderId, duplicate: 1, times: 2 });

    const [failed] = await route.transferPayment(paymentId, [{ account: temple, amount: 70_000 }]);
    expect(failed).toMatchObject({ status: "failed", settlementStatus: null });
    expect(failed!.error).toMatch(/could not be processed/);
    // A failed transfer takes nothing from the payment: the retry can send it all again.
    const [retried] = await route.transferPayment(paymentId, [{ account: temple, amount: 70_000 }]);
    expect(retried).toMatchObject({ status: "processed", amount: 70_000 });
    expect((await route.fetchPaymentTransfers(paymentId)).map((t) => t.status)).toEqual(["failed", "processed"]);

    const webhooks = await gateway.pendingWebhooks(orderId);
    expect(webhooks.map((w) => w.event)).toEqual(["transfer.failed", "transfer.failed", "transfer.processed", "transfer.processed"]);
    expect(new Set(webhooks.map((w) => w.eventId)).size).toBe(2);
    const failure = routeWebhookSchema.parse(JSON.parse(webhooks[0]!.body));
    expect(failure.payload.transfer?.entity).toMatchObject({ id: failed!.id, status: "failed" });
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
  });

  it("an unreachable Route answers a gateway error naming the call and never the keys", async () => {
    const temple = await activatedAccount();
    const { orderId, paymentId } = await paidOrder();
    await gateway.injectFault({ kind: "api", call: "transfer", orderId, status: 503 });
    const error = await gatewayError(route.transferPayment(paymentId, [{ account: temple, amount: 10_000 }]));
    expect(error).toMatchObject({ status: 503, message: "Razorpay refused the transfer (HTTP 503)" });
    expect(error.message).not.toContain(keys.keySecret);
    expect(await route.fetchPaymentTransfers(paymentId)).toEqual([]);
    await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(orderId)).map((w) => w.id));
  });
});
