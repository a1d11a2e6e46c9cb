/**
 * A verified payment becomes exactly one booking, or a recorded refund; never both,
 * never two bookings. The booking is one D1 batch (transaction, its lines in chunks
 * under D1's parameter limit, the order, the cart and the requests): a unique key
 * (the order, the payment id, each cart line) refuses a second booking inside the
 * batch, and a refund already recorded for the payment refuses it too. A refund is
 * recorded only while no booking holds the payment id, so callback and webhook
 * racing each other settle on one outcome.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { insertInChunks, isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { cartItems, paymentOrders, paymentRefunds, requests, transactionLines, transactions } from "~/db/schema";
import type { GatewayPayment, PaymentProvider } from "~/lib/payments/provider";
import { type LedgerSource, recordGatewayPayment } from "~/domain/ledger/gateway-payments.server";
import { findRefundOfPayment, refundIdempotencyKey, sendRefund } from "~/domain/ledger/refunds.server";
import { REQUEST_STATUS } from "./request-lifecycle.server";
import { loadCart } from "./cart.server";
import { type FrozenLine, orderVerdict, type OrderVerdict, type RefundReason, webhookPaidAt } from "./checkout-lines";
import { indiaTimestamp, todayInIndia } from "~/lib/india-time";
import { bookSeatStatements, releaseHolds, seatRefusal } from "./seats.server";

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

export async function findPaymentOrder(db: Database, providerOrderId: string): Promise<PaymentOrderRow | null> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)).limit(1);
  return order ?? null;
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
): Promise<CompletionResult> {
  const order = await findPaymentOrder(db, payment.providerOrderId);
  if (!order || order.provider !== provider.name) return { status: "unverified" };
  if (!(await provider.verifyPayment({ ...payment, providerOrderId: order.providerOrderId }))) return { status: "unverified" };
  return settlePayment(db, provider, order, { paymentId: payment.paymentId, paidAt: now, source: "callback" }, now);
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
): Promise<CompletionResult> {
  const { paymentId, paidAt } = payment;
  const received = recordGatewayPayment(
    db,
    { paymentRef: paymentId, paymentOrderId: order.id, provider: order.provider, amount: order.amount, status: "captured", ...payment },
    now,
  );
  const known = await recordedAs(db, paymentId, received);
  if (known) return { status: "duplicate", refunded: known === "refund" };
  const lines = JSON.parse(order.lines) as FrozenLine[];
  const verdict: OrderVerdict =
    order.status === "paid" ? { ok: false, reason: "already-paid" } : await judgeOrder(db, order, lines, paidAt);
  if (!verdict.ok) return refundPayment(db, provider, order, paymentId, verdict.reason, now);
  const booking = await bookOrder(db, order, lines, paymentId, verdict.honoured, paidAt, now);
  // The order's seats were no longer its own (its hold lapsed) and the day filled up meanwhile.
  if (booking === "full") return refundPayment(db, provider, order, paymentId, "full", now);
  if (booking) return { status: "paid", ...booking, customerId: order.customerId, honoured: verdict.honoured.length > 0 };
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

/** The order's lines against the cart as D1 prices it at the payment time. */
async function judgeOrder(db: Database, order: PaymentOrderRow, lines: FrozenLine[], paidAt: Date): Promise<OrderVerdict> {
  const cart = await loadCart(db, order.customerId, { today: todayInIndia(paidAt), now: paidAt });
  const current = new Map(cart.lines.map((line) => [line.id, line]));
  const gone = lines.map((line) => line.id).filter((id) => !current.has(id));
  const booked = new Set<number>();
  // Orders hold at most MAX_CART_LINES lines; chunked anyway so an old, larger order cannot break the query.
  for (let start = 0; start < gone.length; start += 90) {
    const rows = await db
      .select({ id: transactionLines.cartItemId })
      .from(transactionLines)
      .where(inArray(transactionLines.cartItemId, gone.slice(start, start + 90)));
    for (const row of rows) if (row.id !== null) booked.add(row.id);
  }
  return orderVerdict({ createdAt: order.createdAt, expiresAt: order.expiresAt, lines }, current, booked, paidAt.toISOString());
}

/**
 * Records the booking in one batch; null when a unique key (or a refund of this payment)
 * refused it, "full" when a day's seats did (the booked lines take their seats in the batch).
 */
async function bookOrder(
  db: Database,
  order: PaymentOrderRow,
  lines: FrozenLine[],
  paymentId: string,
  honoured: number[],
  paidAt: Date,
  now: Date,
) {
  const bookingDate = indiaTimestamp(now);
  const year = bookingDate.slice(0, 4);
  const nextId = sql`(select coalesce(max(id), 0) + 1 from transactions)`;
  const transactionId = sql`(select ${transactions.id} from ${transactions} where ${transactions.paymentOrderId} = ${order.id})`;
  const bookedLines = db
    .select({ id: transactionLines.cartItemId })
    .from(transactionLines)
    .where(eq(transactionLines.transactionId, transactionId));
  const bookedRequests = db
    .select({ id: transactionLines.requestId })
    .from(transactionLines)
    .where(eq(transactionLines.transactionId, transactionId));
  const honouredIds = new Set(honoured);
  try {
    await runBatch(db, [
      // A refund already recorded for this payment id is copied onto itself: its unique keys fail the batch.
      db.insert(paymentRefunds).select(db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentRef, paymentId))),
      // Receipt and tracking numbers follow the booking's id, as the seeded ones do.
      db.insert(transactions).values({
        id: nextId,
        customerId: order.customerId,
        bookingDate,
        receiptNo: sql`'SN-' || ${year} || '-' || printf('%06d', ${nextId} + 100)`,
        trackingNo: sql`'TRK' || ${year} || printf('%06d', ${nextId} + 100)`,
        status: 0,
        total: order.amount,
        paymentProvider: order.provider,
        paymentRef: paymentId,
        paymentOrderId: order.id,
      }),
      ...insertInChunks(
        db,
        transactionLines,
        lines.map((line) => ({
          transactionId,
          itemType: line.itemType,
          templeId: line.templeId,
          templePujaId: line.templePujaId,
          donationPurposeId: line.donationPurposeId,
          itemName: line.itemName,
          devoteeName: line.devoteeName,
          starId: line.starId,
          pujaDate: line.pujaDate,
          quantity: line.quantity,
          amount: line.amount,
          postalCharge: line.postalCharge,
          shippingAddressId: line.shippingAddressId,
          // Orders frozen before donor addresses were kept have none.
          donorAddress: line.donorAddress ?? null,
          requestId: line.requestId,
          cartItemId: line.id,
        })),
      ),
      db
        .update(paymentOrders)
        .set({
          status: "paid",
          paymentRef: paymentId,
          paidAt: paidAt.toISOString(),
          updatedAt: now.toISOString(),
          ...(honouredIds.size > 0
            ? { lines: JSON.stringify(lines.map((line) => (honouredIds.has(line.id) ? { ...line, honoured: true } : line))) }
            : {}),
        })
        .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.status, "paid"))),
      db.delete(cartItems).where(and(eq(cartItems.customerId, order.customerId), inArray(cartItems.id, bookedLines))),
      db
        .update(requests)
        .set({ status: REQUEST_STATUS.booked })
        .where(and(eq(requests.customerId, order.customerId), inArray(requests.id, bookedRequests))),
      ...bookSeatStatements(db, order, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    if (seatRefusal(error)) return "full" as const;
    throw error;
  }
  const [booking] = await db
    .select({ receiptNo: transactions.receiptNo, trackingNo: transactions.trackingNo })
    .from(transactions)
    .where(eq(transactions.paymentOrderId, order.id))
    .limit(1);
  return booking!;
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

export { refundIdempotencyKey } from "~/domain/ledger/refunds.server";

/**
 * Sends the recorded refund of a payment to the gateway (ledger/refunds.server.ts); false while it
 * stays due (or another sender's call for it is in flight).
 */
export async function settleRefund(db: Database, provider: PaymentProvider, paymentId: string, now = new Date()): Promise<boolean> {
  const refund = await findRefundOfPayment(db, paymentId);
  if (!refund) return false;
  const status = await sendRefund(db, provider, refund, now);
  return status !== "due" && status !== "sending";
}
