/**
 * Checkout: a payment order freezes the cart as priced from D1 right now; a verified
 * payment turns it into a booking (transaction, lines, cart and requests updated) in
 * one D1 batch. A second completion of the same order or payment fails on unique
 * keys inside that batch, so it can never create a second booking.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartItems, paymentOrders, requests, transactionLines, transactions } from "~/db/schema";
import { type GatewayPayment, PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import { randomToken } from "~/lib/crypto.server";
import { REQUEST_STATUS } from "./bookings.server";
import { loadCart } from "./cart.server";
import type { CartLine } from "./cart-pricing";
import { todayInIndia } from "./text";

export const CHECKOUT_MESSAGES = {
  empty: "Your cart is empty.",
  problems: "Some items in your cart cannot be booked now. Please remove them and try again.",
  minimum: "The total must be at least ₹1.00.",
  gateway: "We could not reach the payment gateway. Nothing was charged; please try again in a moment.",
  unavailable: "Online payment is not available just now. Please try again later or contact support.",
  paid: (receiptNo: string) => `Payment received. Your receipt number is ${receiptNo}.`,
  failed:
    "The payment did not go through, so nothing was booked and your cart is kept. If money was debited, it is refunded in 4-5 working days.",
  replayed: "This payment has already been recorded. Your booking is under My Transactions.",
  unverified: "This payment could not be verified.",
} as const;

export type FrozenLine = Omit<CartLine, "problem">;

export type StartCheckoutResult =
  | { ok: true; providerOrderId: string; provider: PaymentProvider["name"]; amount: number }
  | { ok: false; message: string };

export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  customerId: number,
  today = todayInIndia(),
): Promise<StartCheckoutResult> {
  const cart = await loadCart(db, customerId, today);
  if (cart.lines.length === 0) return { ok: false, message: CHECKOUT_MESSAGES.empty };
  if (!cart.payable) return { ok: false, message: CHECKOUT_MESSAGES.problems };
  const amount = cart.totals.grandTotal;
  if (amount < 100) return { ok: false, message: CHECKOUT_MESSAGES.minimum };
  const frozen: FrozenLine[] = cart.lines.map(({ problem: _problem, ...line }) => line);
  let providerOrderId: string;
  try {
    ({ providerOrderId } = await provider.createOrder({
      amount,
      receipt: `sn_${randomToken(12)}`,
      notes: { customer: String(customerId), lines: String(frozen.length) },
    }));
  } catch (error) {
    if (error instanceof PaymentGatewayError) return { ok: false, message: CHECKOUT_MESSAGES.gateway };
    throw error;
  }
  await db.insert(paymentOrders).values({
    customerId,
    provider: provider.name,
    providerOrderId,
    amount,
    lines: JSON.stringify(frozen),
  });
  return { ok: true, providerOrderId, provider: provider.name, amount };
}

export async function findPaymentOrder(db: Database, providerOrderId: string) {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)).limit(1);
  return order ?? null;
}

/** The booking an order produced, for its owner only. */
export async function findOrderOutcome(db: Database, customerId: number, providerOrderId: string) {
  const [row] = await db
    .select({
      status: paymentOrders.status,
      provider: paymentOrders.provider,
      amount: paymentOrders.amount,
      lines: paymentOrders.lines,
      receiptNo: transactions.receiptNo,
      trackingNo: transactions.trackingNo,
      bookingDate: transactions.bookingDate,
    })
    .from(paymentOrders)
    .leftJoin(transactions, eq(transactions.paymentOrderId, paymentOrders.id))
    .where(and(eq(paymentOrders.providerOrderId, providerOrderId), eq(paymentOrders.customerId, customerId)))
    .limit(1);
  if (!row) return null;
  return { ...row, lines: JSON.parse(row.lines) as FrozenLine[] };
}

/** The booking time in India, as an ISO timestamp whose first 10 characters are the Indian date. */
export function bookingTimestamp(now = new Date()): string {
  return `${new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 23)}+05:30`;
}

export type CompletionResult =
  | { status: "paid"; receiptNo: string; trackingNo: string; customerId: number }
  | { status: "duplicate" }
  | { status: "unverified" };

/**
 * Verifies the gateway's signature and records the booking. Replays (the order is
 * already paid, or the payment id was used) are refused without writing anything.
 */
export async function completePayment(
  db: Database,
  provider: PaymentProvider,
  payment: GatewayPayment,
  now = new Date(),
): Promise<CompletionResult> {
  const order = await findPaymentOrder(db, payment.providerOrderId);
  if (!order || order.provider !== provider.name) return { status: "unverified" };
  if (!(await provider.verifyPayment({ ...payment, providerOrderId: order.providerOrderId }))) return { status: "unverified" };
  return recordPayment(db, order, payment.paymentId, now);
}

/** A payment the gateway reported by a verified webhook; the amount must match the order. */
export async function completeWebhookPayment(
  db: Database,
  payment: { providerOrderId: string; paymentId: string; amount: number },
  now = new Date(),
): Promise<CompletionResult> {
  const order = await findPaymentOrder(db, payment.providerOrderId);
  if (!order || order.provider !== "razorpay" || order.amount !== payment.amount) return { status: "unverified" };
  return recordPayment(db, order, payment.paymentId, now);
}

type PaymentOrderRow = NonNullable<Awaited<ReturnType<typeof findPaymentOrder>>>;

async function recordPayment(db: Database, order: PaymentOrderRow, paymentId: string, now: Date): Promise<CompletionResult> {
  if (order.status !== "created") return { status: "duplicate" };
  const lines = JSON.parse(order.lines) as FrozenLine[];
  const bookingDate = bookingTimestamp(now);
  const year = bookingDate.slice(0, 4);
  const nextId = sql`(select coalesce(max(id), 0) + 1 from transactions)`;
  const transactionId = sql`(select ${transactions.id} from ${transactions} where ${transactions.paymentOrderId} = ${order.id})`;
  const cartIds = lines.map((line) => line.id);
  const requestIds = lines.flatMap((line) => (line.requestId ? [line.requestId] : []));
  try {
    await db.batch([
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
      db.insert(transactionLines).values(
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
          pan: line.pan,
          requestId: line.requestId,
        })),
      ),
      db
        .update(paymentOrders)
        .set({ status: "paid", paymentRef: paymentId, updatedAt: now.toISOString() })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "created"))),
      db.delete(cartItems).where(and(eq(cartItems.customerId, order.customerId), inArray(cartItems.id, cartIds.length ? cartIds : [-1]))),
      db
        .update(requests)
        .set({ status: REQUEST_STATUS.booked })
        .where(and(eq(requests.customerId, order.customerId), inArray(requests.id, requestIds.length ? requestIds : [-1]))),
    ]);
  } catch (error) {
    // A unique key (payment order or payment id) refused the batch: someone replayed it.
    if (/UNIQUE constraint failed/i.test(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "")) {
      return { status: "duplicate" };
    }
    throw error;
  }
  const [booking] = await db
    .select({ receiptNo: transactions.receiptNo, trackingNo: transactions.trackingNo })
    .from(transactions)
    .where(eq(transactions.paymentOrderId, order.id))
    .limit(1);
  return { status: "paid", receiptNo: booking!.receiptNo, trackingNo: booking!.trackingNo, customerId: order.customerId };
}
