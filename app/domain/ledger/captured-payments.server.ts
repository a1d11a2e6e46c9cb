/**
 * A verified payment becomes exactly one booking, or a recorded refund; never both, never two
 * bookings. The callback, the webhooks and reconciliation all settle a captured payment here:
 * it enters the ledger (gateway_payments), the bookings judge its order's lines and book them in
 * one D1 batch (`bookings/cart/checkout-payments.server.ts`), and a unique key (the order, the payment
 * id, each cart line) refuses a second booking inside that batch, as a refund already recorded
 * for the payment does (`refusedIfRefunded`, the batch's first statement). A refund is recorded
 * only while no booking holds the payment id, so callback and webhook racing each other settle on
 * one outcome. payment_refunds is written only by the ledger.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders, paymentRefunds, transactions } from "~/db/schema";
import type { GatewayPayment, PaymentProvider } from "~/lib/payments/provider";
import { bookOrder, findPaymentOrder, judgeOrder, type PaymentOrderRow } from "~/domain/bookings/cart/checkout-payments.server";
import { type FrozenLine, type OrderVerdict, type RefundReason, webhookPaidAt } from "~/domain/bookings/cart/checkout-lines";
import { releaseHolds } from "~/domain/bookings/seats/seats.server";
import { bookGatewaySale } from "~/domain/bookings/counter/gateway-sales.server";
import { type LedgerSource, recordGatewayPayment } from "./gateway-payments.server";
import { findRefundOfPayment, refundIdempotencyKey, sendRefund } from "./refunds.server";
import { noticeStatements, type PreparedNotice } from "~/domain/notifications/notify.server";

/**
 * The messages a booked payment sends: its receipt's rows are written in the booking's batch,
 * then queued once it has committed (a lost enqueue is queued by housekeeping); then its
 * temples' alerts (`booked`), once per order and temple.
 */
export interface PaymentNotices {
  receipt(order: PaymentOrderRow): Promise<PreparedNotice | null>;
  enqueue(ids: readonly string[]): Promise<unknown>;
  booked?(order: PaymentOrderRow, booking: { trackingNo: string }): Promise<unknown>;
}

export type CompletionResult =
  | { status: "paid"; receiptNo: string; trackingNo: string; customerId: number; honoured: boolean }
  | { status: "refunded"; reason: RefundReason; customerId: number; providerOrderId: string; settled: boolean }
  | { status: "duplicate"; refunded: boolean }
  | { status: "unverified" };

/** The gateway's callback: its signature is checked; the payment was made now. */
export async function completePayment(
  db: Database,
  provider: PaymentProvider,
  payment: GatewayPayment,
  now = new Date(),
  notices?: PaymentNotices,
): Promise<CompletionResult> {
  const order = await findPaymentOrder(db, payment.providerOrderId);
  if (!order || order.provider !== provider.name) return { status: "unverified" };
  if (!(await provider.verifyPayment({ ...payment, providerOrderId: order.providerOrderId }))) return { status: "unverified" };
  return settlePayment(db, provider, order, { paymentId: payment.paymentId, paidAt: now, source: "callback" }, now, notices);
}

export interface WebhookPayment {
  providerOrderId: string;
  paymentId: string;
  amount: number;
  /** The payment's created_at (Unix seconds), when the webhook carries it. */
  createdAt?: number;
  /** The gateway's fee and its tax (paise), when reported. */
  fee?: number | null;
  tax?: number | null;
}

/** A payment reported by a verified webhook: the amount must match the order; it was made at its created_at. */
export async function completeWebhookPayment(
  db: Database,
  provider: PaymentProvider,
  payment: WebhookPayment,
  now = new Date(),
  notices?: PaymentNotices,
): Promise<CompletionResult> {
  const order = await findPaymentOrder(db, payment.providerOrderId);
  if (!order || order.provider !== provider.name || order.amount !== payment.amount) return { status: "unverified" };
  return settlePayment(
    db,
    provider,
    order,
    {
      paymentId: payment.paymentId,
      paidAt: webhookPaidAt(payment.createdAt, now),
      source: "webhook",
      fee: payment.fee,
      tax: payment.tax,
    },
    now,
    notices,
  );
}

export interface CapturedPayment {
  paymentId: string;
  /** When the gateway says it was made. */
  paidAt: Date;
  /** Who reported it first: the ledger keeps it. */
  source: LedgerSource;
  fee?: number | null;
  tax?: number | null;
}

/**
 * A captured payment of `order` (its amount already checked against the order's) becomes
 * exactly one booking or one refund, as the callback settles it. It enters the ledger
 * (gateway_payments) in the same round trip that looks for an earlier outcome.
 */
export async function settlePayment(
  db: Database,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  payment: CapturedPayment,
  now: Date,
  notices?: PaymentNotices,
): Promise<CompletionResult> {
  const { paymentId, paidAt } = payment;
  const received = recordGatewayPayment(
    db,
    { paymentRef: paymentId, paymentOrderId: order.id, provider: order.provider, amount: order.amount, status: "captured", ...payment },
    now,
  );
  const known = await recordedAs(db, paymentId, received);
  if (known) return { status: "duplicate", refunded: known === "refund" };
  // A counter QR or payment link sale is booked as it was frozen when made; a checkout's lines are judged against the cart.
  const gatewaySale = order.kind !== "checkout";
  const lines = gatewaySale ? [] : (JSON.parse(order.lines) as FrozenLine[]);
  const verdict: OrderVerdict =
    order.status === "paid"
      ? { ok: false, reason: "already-paid" }
      : gatewaySale
        ? order.status === "created"
          ? { ok: true, honoured: [] }
          : { ok: false, reason: "expired" }
        : await judgeOrder(db, order, lines, paidAt);
  if (!verdict.ok) return refundPayment(db, provider, order, paymentId, verdict.reason, now);
  const receipt = notices ? await notices.receipt(order) : null;
  const alsoInBatch = receipt ? noticeStatements(db, receipt) : [];
  const refusal = refusedIfRefunded(db, paymentId);
  const booking = gatewaySale
    ? await bookGatewaySale(db, order, paymentId, paidAt, now, refusal, alsoInBatch)
    : await bookOrder(db, order, lines, paymentId, verdict.honoured, paidAt, now, refusal, alsoInBatch);
  // The order's seats were no longer its own (its hold lapsed) and the day filled up meanwhile.
  if (booking === "full") return refundPayment(db, provider, order, paymentId, "full", now);
  if (booking) {
    if (receipt) await notices!.enqueue(receipt.ids);
    await notices?.booked?.(order, booking);
    return { status: "paid", ...booking, customerId: order.customerId, honoured: verdict.honoured.length > 0 };
  }
  // A unique key refused the batch: this payment, this order or these lines were recorded meanwhile.
  const after = await recordedAs(db, paymentId);
  if (after) return { status: "duplicate", refunded: after === "refund" };
  return refundPayment(db, provider, order, paymentId, "already-paid", now);
}

/** Whether this payment id already produced a booking or a refund record (after `first`, when given, in the same batch). */
export async function recordedAs(
  db: Database,
  paymentId: string,
  first?: ReturnType<typeof recordGatewayPayment>,
): Promise<"booking" | "refund" | null> {
  const reads = [
    db.select({ id: transactions.id }).from(transactions).where(eq(transactions.paymentRef, paymentId)).limit(1),
    db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.paymentRef, paymentId)).limit(1),
  ] as const;
  const [booked, refunded] = first ? (await db.batch([first, ...reads])).slice(1) : await db.batch(reads);
  return (booked as unknown[]).length > 0 ? "booking" : (refunded as unknown[]).length > 0 ? "refund" : null;
}

/**
 * The booking batch's first statement: a refund already recorded for this payment id is copied
 * onto itself, so its unique keys fail the batch and the payment is not booked too.
 */
function refusedIfRefunded(db: Database, paymentId: string) {
  return db.insert(paymentRefunds).select(db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentRef, paymentId)));
}

/** Records the refund (unless this payment was booked or recorded meanwhile), then asks the gateway for it. */
async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  paymentId: string,
  reason: RefundReason,
  now: Date,
): Promise<CompletionResult> {
  const stamp = now.toISOString();
  // One statement: recorded only while no booking holds this payment id, and once per payment id.
  const inserted = await db.all<{
    id: number;
  }>(sql`insert into payment_refunds (payment_order_id, customer_id, payment_ref, amount, reason, idempotency_key, created_at)
    select ${order.id}, ${order.customerId}, ${paymentId}, ${order.amount}, ${reason}, ${refundIdempotencyKey(paymentId)}, ${stamp}
    where not exists (select 1 from transactions where payment_ref = ${paymentId})
    on conflict (payment_ref) do nothing
    returning id`);
  if (inserted.length === 0) {
    const known = await recordedAs(db, paymentId);
    return { status: "duplicate", refunded: known === "refund" };
  }
  // The order closes as "refund" unless another payment booked it; its seats go back.
  await db.batch([
    db
      .update(paymentOrders)
      .set({ status: "refund", updatedAt: stamp })
      .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.status, "paid"))),
    releaseHolds(db, order.id),
  ]);
  const settled = await settleRefund(db, provider, paymentId, now);
  return { status: "refunded", reason, customerId: order.customerId, providerOrderId: order.providerOrderId, settled };
}

/**
 * Sends the recorded refund of a payment to the gateway (refunds.server.ts); false while it
 * stays due (or another sender's call for it is in flight).
 */
export async function settleRefund(db: Database, provider: PaymentProvider, paymentId: string, now = new Date()): Promise<boolean> {
  const refund = await findRefundOfPayment(db, paymentId);
  if (!refund) return false;
  const status = await sendRefund(db, provider, refund, now);
  return status !== "due" && status !== "sending";
}
