/**
 * Razorpay behind the PaymentProvider interface: its HTTP API is faked at the network
 * edge (globalThis.fetch); signatures are checked against vectors computed
 * independently (Node's crypto; the first is a published HMAC-SHA256 example).
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { CHECKOUT_MESSAGES, startCheckout } from "~/domain/bookings/cart/checkout.server";
import { completePayment, completeWebhookPayment } from "~/domain/ledger/captured-payments.server";
import { razorpayProvider, razorpayWebhookSchema } from "~/lib/payments/razorpay.server";
import { hmacSha256Hex } from "~/lib/crypto.server";
import { count, findDonationPurpose, newCustomer } from "../support/bookings";

const KEYS = { keyId: "rzp_test_KEY123", keySecret: "rzp_test_secret_9f8e7d", webhookSecret: "whsec_test_1a2b3c" };
const ORDER_ID = "order_P4xQz1b2C3d4E5";
const PAYMENT_ID = "pay_P4xR7sT8u9V0wX";
const PAYMENT_SIGNATURE = "79f940b0ace094be67d4e4483d4742449c221414f3680936166d568384da56d6";
const WEBHOOK_BODY =
  '{"entity":"event","account_id":"acc_TEST","event":"payment.captured","contains":["payment"],' +
  '"payload":{"payment":{"entity":{"id":"pay_P4xR7sT8u9V0wX","entity":"payment","amount":125000,"currency":"INR",' +
  '"status":"captured","order_id":"order_P4xQz1b2C3d4E5"}}},"created_at":1795300000}';
const WEBHOOK_SIGNATURE = "c5211966cbc686e25093553197bc7618e36307e9382cc7762c56402104a30049";

/** Razorpay's orders API, faked: echoes the amount back with the given order id. */
function fakeOrdersApi(orderId = ORDER_ID, status = 200) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { amount: number };
    if (status !== 200) return new Response(JSON.stringify({ error: { code: "BAD_REQUEST_ERROR" } }), { status });
    return Response.json({ id: orderId, entity: "order", amount: body.amount, currency: "INR", status: "created", url: String(input) });
  });
}

afterEach(() => vi.restoreAllMocks());

describe("Razorpay signatures", () => {
  it("computes HMAC-SHA256 in hex like the published example", async () => {
    expect(await hmacSha256Hex("secret", "hello")).toBe("88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b");
  });

  it("accepts the payment signature over order_id|payment_id and refuses tampered values", async () => {
    const provider = razorpayProvider(KEYS);
    expect(await provider.verifyPayment({ providerOrderId: ORDER_ID, paymentId: PAYMENT_ID, signature: PAYMENT_SIGNATURE })).toBe(true);
    expect(await provider.verifyPayment({ providerOrderId: ORDER_ID, paymentId: "pay_P4xR7sT8u9V0wY", signature: PAYMENT_SIGNATURE })).toBe(
      false,
    );
    expect(
      await provider.verifyPayment({ providerOrderId: ORDER_ID, paymentId: PAYMENT_ID, signature: PAYMENT_SIGNATURE.replace(/^7/, "8") }),
    ).toBe(false);
    expect(
      await razorpayProvider({ ...KEYS, keySecret: "another" }).verifyPayment({
        providerOrderId: ORDER_ID,
        paymentId: PAYMENT_ID,
        signature: PAYMENT_SIGNATURE,
      }),
    ).toBe(false);
  });

  it("accepts a webhook signed over its raw body with the webhook secret only", async () => {
    const provider = razorpayProvider(KEYS);
    expect(await provider.verifyWebhook(WEBHOOK_BODY, WEBHOOK_SIGNATURE)).toBe(true);
    expect(await provider.verifyWebhook(WEBHOOK_BODY.replace("125000", "125001"), WEBHOOK_SIGNATURE)).toBe(false);
    expect(await provider.verifyWebhook(JSON.stringify(JSON.parse(WEBHOOK_BODY), null, 1), WEBHOOK_SIGNATURE)).toBe(false);
    expect(await razorpayProvider({ ...KEYS, webhookSecret: undefined }).verifyWebhook(WEBHOOK_BODY, WEBHOOK_SIGNATURE)).toBe(false);
  });
});

describe("Razorpay orders API", () => {
  it("creates the order server-side with Basic auth, the amount in paise and INR", async () => {
    const fetchSpy = fakeOrdersApi("order_TESTCREATE01");
    const order = await razorpayProvider(KEYS).createOrder({ amount: 12_345, receipt: "sn_test", notes: { customer: "1" } });
    expect(order).toEqual({ providerOrderId: "order_TESTCREATE01" });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe("https://api.razorpay.com/v1/orders");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("authorization")).toBe(`Basic ${btoa(`${KEYS.keyId}:${KEYS.keySecret}`)}`);
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 12_345, currency: "INR", receipt: "sn_test", notes: { customer: "1" } });
  });

  it("keeps the cart and tells the devotee when Razorpay refuses", async () => {
    const { browser, customerId } = await newCustomer();
    const purpose = await findDonationPurpose();
    await browser.post(`/t/${purpose.slug}`, {
      form: "donation",
      donationPurposeId: String(purpose.id),
      amount: "500",
      devoteeName: "Meera Iyer",
    });
    fakeOrdersApi(ORDER_ID, 401);
    const result = await startCheckout(createDb(env.DB), razorpayProvider(KEYS), customerId);
    expect(result).toEqual({ ok: false, message: CHECKOUT_MESSAGES.gateway });
    expect(await count("select count(*) as n from payment_orders where customer_id = ?", customerId)).toBe(0);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(1);
  });
});

describe("paying through Razorpay", () => {
  it("records the booking from a verified webhook once; the later callback is a refused replay", async () => {
    const { browser, customerId } = await newCustomer();
    const purpose = await findDonationPurpose();
    await browser.post(`/t/${purpose.slug}`, {
      form: "donation",
      donationPurposeId: String(purpose.id),
      amount: "1250",
      devoteeName: "Meera Iyer",
    });
    fakeOrdersApi(ORDER_ID);
    const db = createDb(env.DB);
    const provider = razorpayProvider(KEYS);
    const started = await startCheckout(db, provider, customerId);
    expect(started).toEqual({ ok: true, providerOrderId: ORDER_ID, provider: "razorpay", amount: 125_000 });

    expect(await provider.verifyWebhook(WEBHOOK_BODY, WEBHOOK_SIGNATURE)).toBe(true);
    const payment = razorpayWebhookSchema.parse(JSON.parse(WEBHOOK_BODY)).payload.payment!.entity;
    const paid = await completeWebhookPayment(db, provider, {
      providerOrderId: payment.order_id!,
      paymentId: payment.id,
      amount: payment.amount,
    });
    expect(paid).toMatchObject({ status: "paid", customerId });
    expect(
      await count(
        "select count(*) as n from transactions where customer_id = ? and payment_provider = 'razorpay' and total = 125000",
        customerId,
      ),
    ).toBe(1);

    const again = await completeWebhookPayment(db, provider, { providerOrderId: ORDER_ID, paymentId: PAYMENT_ID, amount: 125_000 });
    expect(again).toEqual({ status: "duplicate", refunded: false });
    const callback = await completePayment(db, provider, {
      providerOrderId: ORDER_ID,
      paymentId: PAYMENT_ID,
      signature: PAYMENT_SIGNATURE,
    });
    expect(callback).toEqual({ status: "duplicate", refunded: false });
    const forged = await completePayment(db, provider, { providerOrderId: ORDER_ID, paymentId: PAYMENT_ID, signature: "f".repeat(64) });
    expect(forged).toEqual({ status: "unverified" });
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
  });

  it("answers 413 to a gateway call over 64 KiB, reading a huge one to its end and dropping it, so the client gets the answer (issue 37)", async () => {
    for (const [path, contentType] of [
      ["/payments/webhook", "application/json"],
      ["/payments/callback", "application/x-www-form-urlencoded"],
    ] as const) {
      // 64 MiB made as it is read, with no Content-Length: the Worker sees how much arrives.
      let pulled = 0;
      const piece = new TextEncoder().encode("a".repeat(64 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 64 * 1024 * 1024) return controller.close();
          pulled += piece.byteLength;
          controller.enqueue(piece);
        },
      });
      const response = await exports.default.fetch(`http://localhost${path}`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
        // @ts-expect-error workerd needs duplex for a streamed body
        duplex: "half",
      });
      expect(response.status, path).toBe(413);
      await response.text();
      // Read to its end (dropped piece by piece, never kept), not cut off: a cut-off upload
      // reaches its client as a reset or, through wrangler's proxy, a 500 instead of the 413.
      expect(pulled, path).toBe(64 * 1024 * 1024);
    }
  });

  it("refuses webhooks on a deployment without a webhook secret", async () => {
    const response = await exports.default.fetch("http://localhost/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-razorpay-signature": WEBHOOK_SIGNATURE },
      body: WEBHOOK_BODY,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: "rejected" });
  });
});
