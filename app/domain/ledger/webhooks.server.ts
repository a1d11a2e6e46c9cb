/**
 * Webhooks, at least once in, exactly once out. The gateway's event id is stored atomically
 * (INSERT … ON CONFLICT DO NOTHING RETURNING) before anything else: only the request that
 * stored it does the work, a replay does nothing. The work runs after the answer and sets
 * processed_at when it is done; an event whose work failed stays unprocessed, and
 * reconciliation asks the gateway about its payment.
 *
 * payment.captured / order.paid book the payment (or record and send its refund) as the
 * callback would. payment.authorized and payment.failed are recorded in the ledger only:
 * an order's payments are captured by the gateway (auto-capture), and a payment left
 * authorized (a late authorisation) is captured by reconciliation, which then books it if
 * its lines still hold or refunds it. refund.processed / refund.failed update the refund.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { webhookEvents } from "~/db/schema";
import type { RazorpayRoute, RouteWebhook } from "~/lib/payments/razorpay-route.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import { findPaymentOrder } from "~/domain/bookings/cart/checkout-payments.server";
import { expireGatewaySale } from "~/domain/bookings/counter/gateway-sales.server";
import { webhookPaidAt } from "~/domain/bookings/cart/checkout-lines";
import { type CompletionResult, completeWebhookPayment, type PaymentNotices } from "./captured-payments.server";
import { type LedgerPaymentStatus, recordGatewayPayment } from "./gateway-payments.server";
import { applyLinkedAccountEvent } from "./payout-accounts.server";
import { applyGatewayRefund } from "./refund-reports.server";
import { handleRouteEvent } from "./payout-webhooks.server";
import { applyLineRefundReport } from "./line-refunds.server";

/** x-razorpay-event-id: Razorpay's ids are short; anything else is refused. */
export const webhookEventIdSchema = z
  .string({ error: "The event id is missing." })
  .trim()
  .min(1, "The event id is missing.")
  .max(100, "The event id is too long.")
  .regex(/^[A-Za-z0-9_.:-]+$/, "The event id is not valid.");

export interface WebhookEvent {
  eventId: string;
  event: string;
  payment?: {
    id: string;
    orderId: string | null;
    amount: number;
    status: string;
    createdAt?: number;
    fee?: number | null;
    tax?: number | null;
  };
  refund?: { id: string; paymentId: string; amount: number; status: string };
  /** The counter's QR code or an assisted booking's payment link the event is about (our payment order's provider id). */
  sale?: { id: string; status: string; closeReason?: string | null };
  /** Route's events (issue 43): transfer.*, settlement.processed, account.* and product.route.*, as Razorpay sent them. */
  route?: RouteWebhook;
}

const PAID_EVENTS = new Set(["payment.captured", "order.paid"]);
/** A gateway sale paid: its payment is settled against the QR code's or link's payment order. */
const SALE_PAID_EVENTS = new Set(["qr_code.credited", "payment_link.paid"]);
/** A gateway sale that can take no payment now: its order closes unless paid. */
const SALE_CLOSED_EVENTS = new Set(["qr_code.closed", "payment_link.expired", "payment_link.cancelled"]);
const LEDGER_STATUSES = new Set<LedgerPaymentStatus>(["authorized", "captured", "refunded", "failed"]);

/** The payment an event is about (a refund event's payment), for the row and for reconciliation. */
export function eventPaymentRef(event: WebhookEvent): string | null {
  return event.payment?.id ?? event.refund?.paymentId ?? null;
}

/** Stores the event id; true only for the first delivery of this event. */
export async function recordWebhookEvent(db: Database, event: WebhookEvent, now = new Date()): Promise<boolean> {
  const stored = await db
    .insert(webhookEvents)
    .values({ eventId: event.eventId, event: event.event.slice(0, 60), paymentRef: eventPaymentRef(event), receivedAt: now.toISOString() })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ eventId: webhookEvents.eventId });
  return stored.length > 0;
}

export type WebhookOutcome = { event: string; completion?: CompletionResult };

/** The work of one stored event; marks it processed when done (a failure leaves it for reconciliation). */
export async function processWebhookEvent(
  db: Database,
  provider: PaymentProvider,
  event: WebhookEvent,
  now = new Date(),
  notices?: PaymentNotices,
  route?: RazorpayRoute,
): Promise<WebhookOutcome> {
  const outcome = await handle(db, provider, event, now, notices, route);
  await db.update(webhookEvents).set({ processedAt: now.toISOString() }).where(eq(webhookEvents.eventId, event.eventId));
  return outcome;
}

async function handle(
  db: Database,
  provider: PaymentProvider,
  event: WebhookEvent,
  now: Date,
  notices?: PaymentNotices,
  route?: RazorpayRoute,
): Promise<WebhookOutcome> {
  const { payment, refund, sale } = event;
  // Route's transfers and settlements (issue 43).
  if (event.route && /^(transfer|settlement)\./.test(event.event)) {
    await handleRouteEvent(db, route, event.route, now);
    return { event: event.event };
  }
  // A linked account's activation (account.*, product.route.*): the temple's payout account says it.
  if (event.route && /^(account|product\.route)\./.test(event.event)) {
    await applyLinkedAccountEvent(db, event.route);
    return { event: event.event };
  }
  if (SALE_PAID_EVENTS.has(event.event) && sale && payment && payment.status === "captured") {
    const completion = await completeWebhookPayment(
      db,
      provider,
      {
        providerOrderId: sale.id,
        paymentId: payment.id,
        amount: payment.amount,
        createdAt: payment.createdAt,
        fee: payment.fee,
        tax: payment.tax,
      },
      now,
      notices,
    );
    return { event: event.event, completion };
  }
  // A single-use code closes because it was paid: its qr_code.credited settles it (it may arrive after this event).
  if (SALE_CLOSED_EVENTS.has(event.event) && sale && sale.closeReason !== "paid") {
    const order = await findPaymentOrder(db, sale.id);
    if (order && order.provider === provider.name) await expireGatewaySale(db, order.id, now);
    return { event: event.event };
  }
  if (PAID_EVENTS.has(event.event) && payment?.orderId) {
    const completion = await completeWebhookPayment(
      db,
      provider,
      {
        providerOrderId: payment.orderId,
        paymentId: payment.id,
        amount: payment.amount,
        createdAt: payment.createdAt,
        fee: payment.fee,
        tax: payment.tax,
      },
      now,
      notices,
    );
    return { event: event.event, completion };
  }
  if (payment?.orderId && LEDGER_STATUSES.has(payment.status as LedgerPaymentStatus)) {
    const order = await findPaymentOrder(db, payment.orderId);
    if (order && order.provider === provider.name && order.amount === payment.amount) {
      await recordGatewayPayment(
        db,
        {
          paymentRef: payment.id,
          paymentOrderId: order.id,
          provider: order.provider,
          amount: payment.amount,
          status: payment.status as LedgerPaymentStatus,
          source: "webhook",
          paidAt: webhookPaidAt(payment.createdAt, now),
          fee: payment.fee,
          tax: payment.tax,
        },
        now,
      );
    }
  }
  if ((event.event === "refund.processed" || event.event === "refund.failed") && refund) {
    const status = event.event === "refund.processed" ? "processed" : "failed";
    await applyGatewayRefund(db, { id: refund.id, paymentId: refund.paymentId, status }, now);
    await applyLineRefundReport(db, { id: refund.id, status }, now);
  }
  return { event: event.event };
}

/** Processed events are kept 30 days (Razorpay retries for 24 hours), then deleted by housekeeping. */
export async function deleteOldWebhookEvents(db: Database, now = new Date()) {
  const before = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  await db.delete(webhookEvents).where(sql`${webhookEvents.processedAt} is not null and ${webhookEvents.receivedAt} < ${before}`);
}

/** Events stored but never processed (their work failed), oldest first, for reconciliation. */
export function listUnprocessedEvents(db: Database, limit: number) {
  return db
    .select({ eventId: webhookEvents.eventId, paymentRef: webhookEvents.paymentRef })
    .from(webhookEvents)
    .where(sql`${webhookEvents.processedAt} is null and ${webhookEvents.paymentRef} is not null`)
    .orderBy(webhookEvents.receivedAt)
    .limit(limit);
}
