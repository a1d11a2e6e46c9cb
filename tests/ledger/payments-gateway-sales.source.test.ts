/**
 * Issue 42: the production Razorpay adapter's QR Codes and Payment Links calls against the local
 * emulator: a single-use upi_qr code for a fixed amount (its payments, closing it, Razorpay's
 * refusals), a payment link with our reference (its payments, expiry), and their webhooks signed
 * and shaped as Razorpay sends them (qr_code.credited, payment_link.paid), which the Worker reads.
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
const adapter = razorpayProvider({
  keyId: config.RAZORPAY_KEY_ID,
  keySecret: config.RAZORPAY_KEY_SECRET,
  webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
  apiBase: config.RAZORPAY_API_BASE,
});
const gateway = razorpayEmulator(config.RAZORPAY_API_BASE);
const inMinutes = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

const qrRequest = (amount = 25_100) => ({
  amount,
  closeBy: inMinutes(15),
  name: "Sannidhi counter 1",
  description: "Archana",
  notes: { payment_order: "1" },
});

describe("the Razorpay adapter's QR codes against the emulator", () => {
  it("makes a single-use code for the exact amount, reads its one payment, and the code closes once paid", async () => {
    const qr = await adapter.createQrCode(qrRequest());
    expect(qr).toMatchObject({ status: "active", closeReason: null });
    expect(qr.id).toMatch(/^qr_\w{14}$/);
    expect((await fetch(qr.imageUrl)).headers.get("content-type")).toContain("image/svg+xml");
    expect(await adapter.fetchQrCodePayments(qr.id)).toEqual([]);
    const paid = await gateway.payQrCode(qr.id);
    const [payment] = await adapter.fetchQrCodePayments(qr.id);
    expect(payment).toMatchObject({ id: paid.id, orderId: null, amount: 25_100, status: "captured" });
    expect(payment!.fee).toBeGreaterThan(0);
    expect(await adapter.fetchQrCode(qr.id)).toMatchObject({ status: "closed", closeReason: "paid" });
    // A single-use code takes no second payment; closing it again is refused.
    await expect(gateway.payQrCode(qr.id)).rejects.toThrow(/closed/);
    expect((await gatewayError(adapter.closeQrCode(qr.id))).status).toBe(400);

    const webhooks = await gateway.pendingWebhooks(qr.id);
    expect(webhooks.map((w) => w.event)).toEqual(["payment.authorized", "payment.captured", "qr_code.credited", "qr_code.closed"]);
    const credited = webhooks.find((w) => w.event === "qr_code.credited")!;
    expect(await adapter.verifyWebhook(credited.body, credited.headers["x-razorpay-signature"]!)).toBe(true);
    const parsed = razorpayWebhookSchema.parse(JSON.parse(credited.body));
    expect(parsed.payload.qr_code?.entity).toMatchObject({ id: qr.id });
    expect(parsed.payload.payment?.entity).toMatchObject({ id: paid.id, order_id: null, amount: 25_100, status: "captured" });
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
  });

  it("closes a code on demand, and refuses Razorpay's bad requests", async () => {
    const qr = await adapter.createQrCode(qrRequest());
    await adapter.closeQrCode(qr.id);
    expect(await adapter.fetchQrCode(qr.id)).toMatchObject({ status: "closed", closeReason: "on_demand" });
    expect((await gatewayError(adapter.createQrCode({ ...qrRequest(), closeBy: inMinutes(1) }))).status).toBe(400);
    expect((await gatewayError(adapter.createQrCode(qrRequest(50)))).status).toBe(400);
    expect((await gatewayError(adapter.fetchQrCodePayments("qr_NoSuchCode0001"))).status).toBe(400);
  });
});

describe("the Razorpay adapter's payment links against the emulator", () => {
  const linkRequest = (referenceId: string) => ({
    amount: 50_100,
    description: "Archana · Sree Krishna Swamy Temple",
    customer: { name: "Parvathi Menon", email: "parvathi@example.com", contact: "9876543210" },
    expireBy: inMinutes(24 * 60),
    referenceId,
    callbackUrl: null,
  });

  it("makes a link with our reference, reads its payment, and sends payment_link.paid with the link, order and payment", async () => {
    const reference = `sn_order_${crypto.randomUUID().slice(0, 8)}`;
    const link = await adapter.createPaymentLink(linkRequest(reference));
    expect(link).toMatchObject({ status: "created", payments: [] });
    expect(link.id).toMatch(/^plink_\w{14}$/);
    expect(link.shortUrl).toMatch(/^http/);
    // One reference, one link.
    expect((await gatewayError(adapter.createPaymentLink(linkRequest(reference)))).status).toBe(400);
    const paid = await gateway.payLink(link.id);
    const after = await adapter.fetchPaymentLink(link.id);
    expect(after.status).toBe("paid");
    expect(after.payments).toMatchObject([{ id: paid.id, amount: 50_100, status: "captured" }]);
    const webhooks = await gateway.pendingWebhooks(link.id);
    expect(webhooks.map((w) => w.event)).toEqual(["payment.authorized", "payment.captured", "order.paid", "payment_link.paid"]);
    const event = JSON.parse(webhooks.at(-1)!.body) as { contains: string[] };
    expect([...event.contains].sort()).toEqual(["order", "payment", "payment_link"]);
    const parsed = razorpayWebhookSchema.parse(event);
    expect(parsed.payload.payment_link?.entity).toMatchObject({ id: link.id, status: "paid" });
    await gateway.acknowledgeWebhooks(webhooks.map((w) => w.id));
  });

  it("expires a link unpaid, and refuses an expiry sooner than Razorpay allows", async () => {
    const link = await adapter.createPaymentLink(linkRequest(`sn_order_${crypto.randomUUID().slice(0, 8)}`));
    await gateway.expireLink(link.id);
    expect(await adapter.fetchPaymentLink(link.id)).toMatchObject({ status: "expired", payments: [] });
    expect((await gateway.pendingWebhooks(link.id)).map((w) => w.event)).toEqual(["payment_link.expired"]);
    await expect(gateway.payLink(link.id)).rejects.toThrow(/expired/);
    const soon = { ...linkRequest(`sn_order_${crypto.randomUUID().slice(0, 8)}`), expireBy: inMinutes(5) };
    expect((await gatewayError(adapter.createPaymentLink(soon))).status).toBe(400);
  });
});
