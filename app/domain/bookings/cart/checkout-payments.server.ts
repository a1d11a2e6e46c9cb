/**
 * A paid order's booking, as the ledger settles a captured payment
 * (`ledger/captured-payments.server.ts`): its lines judged against the cart as D1 prices it at
 * the payment time, then booked in one D1 batch (transaction, its lines in chunks under D1's
 * parameter limit, the order, the cart, the requests and the seats): a unique key (the order,
 * the payment id, each cart line) refuses a second booking inside the batch, and the ledger's
 * refusal statement refuses it while a refund of the payment is recorded.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { insertInChunks, isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { cartItems, paymentOrders, requests, transactionLines, transactions } from "~/db/schema";
import { REQUEST_STATUS } from "../desk/request-lifecycle.server";
import { loadCart } from "./cart.server";
import { type FrozenLine, orderVerdict, type OrderVerdict } from "./checkout-lines";
import { indiaTimestamp, todayInIndia } from "~/lib/india-time";
import { bookSeatStatements, seatRefusal } from "../seats/seats.server";

/**
 * A new booking's id, date, receipt and tracking numbers, for its insert in a batch: the numbers
 * follow the booking's id, as the seeded ones do (online and counter bookings alike).
 */
export function newBookingIdentity(now: Date) {
  const bookingDate = indiaTimestamp(now);
  const year = bookingDate.slice(0, 4);
  const nextId = sql`(select coalesce(max(id), 0) + 1 from transactions)`;
  return {
    id: nextId,
    bookingDate,
    receiptNo: sql`'SN-' || ${year} || '-' || printf('%06d', ${nextId} + 100)`,
    trackingNo: sql`'TRK' || ${year} || printf('%06d', ${nextId} + 100)`,
  };
}

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

export async function findPaymentOrder(db: Database, providerOrderId: string): Promise<PaymentOrderRow | null> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)).limit(1);
  return order ?? null;
}

/** The order's lines against the cart as D1 prices it at the payment time. */
export async function judgeOrder(db: Database, order: PaymentOrderRow, lines: FrozenLine[], paidAt: Date): Promise<OrderVerdict> {
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
 * Records the booking in one batch; null when a unique key (or `refusal`, the ledger's statement
 * that fails while a refund of this payment is recorded) refused it, "full" when a day's seats did
 * (the booked lines take their seats in the batch).
 */
export async function bookOrder(
  db: Database,
  order: PaymentOrderRow,
  lines: FrozenLine[],
  paymentId: string,
  honoured: number[],
  paidAt: Date,
  now: Date,
  refusal: BatchItem<"sqlite">,
  /** Written with the booking or not at all: its receipt's messages (`records/receipt-notice.server.ts`). */
  alsoInBatch: BatchItem<"sqlite">[] = [],
) {
  const identity = newBookingIdentity(now);
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
      refusal,
      db.insert(transactions).values({
        ...identity,
        customerId: order.customerId,
        status: 0,
        total: order.amount,
        // The devotee's convenience fee, frozen on the order's lines with the amount they paid (0 without one).
        convenienceFee: lines.reduce((sum, line) => sum + (line.convenienceFee ?? 0), 0),
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
          // Orders frozen before gotras were kept have none.
          gotra: line.gotra ?? null,
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
      ...alsoInBatch,
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
