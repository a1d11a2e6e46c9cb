/**
 * The payment gateway's calls into the Worker. They come from the gateway (or a
 * browser it redirects), not from our own pages, so they are authenticated by HMAC
 * signatures instead of sessions and sit before the portal's CSRF check.
 *   POST /payments/callback  the hosted checkout's result (Razorpay's, or locally the emulator's)
 *   POST /payments/webhook   Razorpay webhooks: stored by event id, answered at once, worked after the answer
 *                            (ledger/webhooks.server.ts)
 * A verified payment is booked once, or recorded and refunded when it cannot be
 * booked (ledger/captured-payments.server.ts decides which).
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { CHECKOUT_MESSAGES, findPaymentOrder } from "~/domain/bookings/cart/checkout.server";
import { completePayment, type PaymentNotices } from "~/domain/ledger/captured-payments.server";
import { notifyCompletedRefunds, notifyStartedRefunds } from "~/domain/ledger/refund-emails.server";
import { processWebhookEvent, recordWebhookEvent, type WebhookEvent, webhookEventIdSchema } from "~/domain/ledger/webhooks.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import { receiptNoticeFor } from "~/domain/bookings/records/receipt-notice.server";
import { alertTemplesOfBooking } from "~/domain/bookings/desk/temple-alert-notices.server";
import { enqueueNotices } from "~/domain/notifications/notify.server";
import { createDb, type Database } from "~/db/client.server";
import { readForm } from "~/lib/form-data.server";
import { type AppEnv, readEnv } from "~/lib/env.server";
import { payoutGateway, providerNamed } from "~/lib/payments/index.server";
import { payTemplesOfPayment } from "~/domain/ledger/payout-transfers.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { razorpayWebhookSchema } from "~/lib/payments/razorpay.server";
import { routeWebhookSchema } from "~/lib/payments/razorpay-route.server";
import { readBoundedBytes } from "~/lib/request-body.server";
import { redirectWithToast } from "~/lib/toast.server";
import { baseLocale, isLocale } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";

export const payments = new Hono<{ Bindings: Env }>();

const MAX_BODY = 64 * 1024;

function messagePage(c: Context, status: 400 | 413, title: string, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport"
    content="width=device-width, initial-scale=1"><title>${title}</title></head><body
    style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0
    1rem;color:#2b1d14;background:#fffaf2"><h1 style="color:#7a1f1f">${title}</h1><p>${message}</p><p><a
    href="/account?tab=transactions&amp;view=completed">My Transactions</a> · <a href="/cart">Your
    cart</a></p></body></html>`;
  return c.html(html, status, { "Cache-Control": "no-store" });
}

/** The gateway's post is answered with a redirect (and a toast) that is never cached. */
const SEE_OTHER_UNCACHED = { status: 303, headers: { "Cache-Control": "no-store" } };

/**
 * The receipt of a payment booked while answering this request: written in the booking's batch
 * with links from this request's canonical origin, queued once the batch has committed; then
 * the alerts of the booking's temples.
 */
function receiptNotices(env: AppEnv, db: Database, requestUrl: string): PaymentNotices {
  return {
    receipt: (order) => receiptNoticeFor(env, db, order, linkOrigin(env.config, requestUrl)),
    enqueue: (ids) => enqueueNotices(env, ids),
    // A counter QR sale was made at the temple's own counter: no alert to the temple about it.
    booked: async (order, booking) =>
      order.kind === "counter_qr" ? undefined : alertTemplesOfBooking(env, db, { orderId: order.id, trackingNo: booking.trackingNo }),
  };
}

// The page's language rides on the callback address (`?lang=ml`): the devotee comes back to
// the cart or the receipt page, and reads its messages, in the language they paid in.
payments.post("/payments/callback", (c) => {
  const lang = c.req.query("lang") ?? "";
  return withLocale(isLocale(lang) ? lang : baseLocale, () => paymentCallback(c));
});

async function paymentCallback(c: Context<{ Bindings: Env }>) {
  const env = readEnv(c.env);
  // Read within MAX_BODY whether or not a length is declared; an unreadable or larger body names no order.
  let form: FormData;
  try {
    form = await readForm(c.req.raw, { maxBytes: MAX_BODY });
  } catch (refusal) {
    const status = refusal instanceof Response && refusal.status === 413 ? 413 : 400;
    return messagePage(c, status, "Payment not verified", CHECKOUT_MESSAGES.unverified);
  }
  const body: Record<string, unknown> = Object.fromEntries(form);
  const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string).slice(0, 200) : "");
  const db = createDb(env.bindings.DB);
  const providerOrderId = field("razorpay_order_id");
  if (!providerOrderId) {
    // A failed or cancelled payment: nothing is booked and the cart stays as it was.
    if (field("error[code]"))
      return redirectWithToast(
        "/cart",
        env.config.SESSION_SECRET,
        { type: "error", message: CHECKOUT_MESSAGES.failed },
        SEE_OTHER_UNCACHED,
      );
    return messagePage(c, 400, "Payment not verified", CHECKOUT_MESSAGES.unverified);
  }
  const order = await findPaymentOrder(db, providerOrderId);
  const provider = order ? providerNamed(env.config, order.provider) : null;
  if (!provider) return messagePage(c, 400, "Payment not verified", CHECKOUT_MESSAGES.unverified);
  const result = await completePayment(
    db,
    provider,
    { providerOrderId, paymentId: field("razorpay_payment_id"), signature: field("razorpay_signature") },
    new Date(),
    receiptNotices(env, db, c.req.url),
  );
  if (result.status === "unverified") return messagePage(c, 400, "Payment not verified", CHECKOUT_MESSAGES.unverified);
  const done = `/checkout/done/${encodeURIComponent(providerOrderId)}`;
  // Recorded already (the webhook often arrives first, or the browser posted again): nothing is
  // booked twice, and the devotee lands on what the payment came to, like the first time.
  if (result.status === "duplicate") {
    return redirectWithToast(
      done,
      env.config.SESSION_SECRET,
      { type: "info", message: result.refunded ? CHECKOUT_MESSAGES.refundedAgain : CHECKOUT_MESSAGES.replayed },
      SEE_OTHER_UNCACHED,
    );
  }
  // A payment that could not be booked is being refunded: the devotee is told so, nothing was booked.
  if (result.status === "refunded") {
    await notifyStartedRefunds(env, db, c.req.url);
    return redirectWithToast(
      done,
      env.config.SESSION_SECRET,
      { type: "error", message: CHECKOUT_MESSAGES.refunded(result.reason) },
      SEE_OTHER_UNCACHED,
    );
  }
  c.executionCtx.waitUntil(payTemples(env, db, field("razorpay_payment_id")));
  const message = result.honoured
    ? `${CHECKOUT_MESSAGES.paid(result.receiptNo)} ${CHECKOUT_MESSAGES.honoured}`
    : CHECKOUT_MESSAGES.paid(result.receiptNo);
  return redirectWithToast(done, env.config.SESSION_SECRET, { type: "success", message }, SEE_OTHER_UNCACHED);
}

payments.post("/payments/webhook", async (c) => {
  const env = readEnv(c.env);
  const provider = providerNamed(env.config, "razorpay");
  const bytes = await readBoundedBytes(c.req.raw, MAX_BODY).catch(() => undefined);
  // Larger than any event Razorpay sends: 413, as every other path answers a body over its limit.
  if (bytes === null) return c.json({ status: "rejected" }, 413);
  const raw = bytes ? new TextDecoder().decode(bytes) : "";
  const signature = c.req.header("x-razorpay-signature") ?? "";
  if (!provider || !bytes || !(await provider.verifyWebhook(raw, signature))) {
    return c.json({ status: "rejected" }, 400);
  }
  const eventId = webhookEventIdSchema.safeParse(c.req.header("x-razorpay-event-id") ?? "");
  if (!eventId.success) return c.json({ status: "rejected", message: eventId.error.issues[0]?.message ?? "The event id is missing." }, 400);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return c.json({ status: "rejected" }, 400);
  }
  const parsed = razorpayWebhookSchema.safeParse(body);
  if (!parsed.success) return c.json({ status: "ignored" });
  const event = webhookEvent(eventId.data, parsed.data, body);
  const db = createDb(env.bindings.DB);
  // Razorpay delivers at least once and retries until it gets a 2xx: a replay is acknowledged and does nothing.
  if (!(await recordWebhookEvent(db, event))) return c.json({ status: "duplicate" });
  // The work runs after the answer (Razorpay wants one within 5 seconds); if it fails the event stays unprocessed for reconciliation.
  c.executionCtx.waitUntil(processAfterAnswer(c, env, db, provider, event));
  return c.json({ status: "accepted" });
});

function webhookEvent(eventId: string, data: z.infer<typeof razorpayWebhookSchema>, raw: unknown): WebhookEvent {
  // Route's events (transfers, settlements, linked accounts) carry their own entities.
  const route = routeWebhookSchema.safeParse(raw);
  const payment = data.payload.payment?.entity;
  const refund = data.payload.refund?.entity;
  const qr = data.payload.qr_code?.entity;
  const sale = qr ? { ...qr, closeReason: qr.close_reason ?? null } : data.payload.payment_link?.entity;
  return {
    eventId,
    event: data.event,
    payment: payment && {
      id: payment.id,
      orderId: payment.order_id,
      amount: payment.amount,
      status: payment.status,
      createdAt: payment.created_at,
      fee: payment.fee,
      tax: payment.tax,
    },
    refund: refund && { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status },
    sale: sale && { id: sale.id, status: sale.status, closeReason: "closeReason" in sale ? sale.closeReason : null },
    route: route.success ? route.data : undefined,
  };
}

async function processAfterAnswer(
  c: Context<{ Bindings: Env }>,
  env: AppEnv,
  db: Database,
  provider: PaymentProvider,
  event: WebhookEvent,
) {
  try {
    // A payment booked by the webhook alone (the devotee closed the tab) gets its receipt too.
    const route = payoutGateway(env.config) ?? undefined;
    const outcome = await processWebhookEvent(db, provider, event, new Date(), receiptNotices(env, db, c.req.url), route);
    if (outcome.completion?.status === "paid" && event.payment) await payTemples(env, db, event.payment.id);
    await notifyStartedRefunds(env, db, c.req.url);
    await notifyCompletedRefunds(env, db);
  } catch (error) {
    console.warn("Webhook event left for reconciliation:", error instanceof Error ? error.message : "unknown error");
  }
}

/**
 * The temples' shares of a payment just booked go to their linked accounts (issue 43). A failure
 * is only logged: the rows are planned or due, and housekeeping plans and sends what is left.
 */
async function payTemples(env: AppEnv, db: Database, paymentId: string) {
  const route = payoutGateway(env.config);
  if (!route) return;
  try {
    await payTemplesOfPayment(db, { route, holdDays: env.config.PAYOUT_HOLD_DAYS }, paymentId);
  } catch (error) {
    console.warn("Transfers left for housekeeping:", error instanceof Error ? error.message : "unknown error");
  }
}
