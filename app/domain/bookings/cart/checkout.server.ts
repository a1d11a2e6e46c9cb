/**
 * Checkout: a payment order freezes the cart as priced from D1 right now, for 30
 * minutes. A customer has at most one open order (a partial unique index): a second
 * checkout reuses it when it is for exactly this cart and has time left, else closes
 * it and opens a new one. A cart with dates in their opening's rush spends the devotee's
 * waiting-room pass: the order records it (unique), so a pass opens one order. The payment
 * pages re-check the order each time they are shown. Completion (booking or refund) is the
 * ledger's (ledger/captured-payments.server.ts), which books through checkout-payments.server.ts.
 */
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { paymentOrders, paymentRefunds, transactions } from "~/db/schema";
import { PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import { randomToken } from "~/lib/crypto.server";
import { namedInLanguage } from "../records/booked-names.server";
import { type Cart, loadCart } from "./cart.server";
import {
  expiryOf,
  type FrozenLine,
  freezeLine,
  ORDER_LIFETIME_MS,
  ORDER_REUSE_MIN_MS,
  orderExpiry,
  orderMatchesCart,
  type RefundReason,
} from "./checkout-lines";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { findPaymentOrder, type PaymentOrderRow } from "./checkout-payments.server";
import { deleteExpiredHolds, holdStatements, releaseHolds, seatRefusal } from "../seats/seats.server";
import type { PresentedPass } from "../seats/release-pass.server";
import { type CheckoutRelease, checkoutRelease, passSpent, passUsedMessage } from "../seats/releases.server";
import { todayInIndia } from "~/lib/india-time";

export { CHECKOUT_MESSAGES } from "./checkout-messages";
export type { FrozenLine } from "./checkout-lines";
export { findPaymentOrder } from "./checkout-payments.server";

export type StartCheckoutResult =
  | { ok: true; providerOrderId: string; provider: PaymentOrderRow["provider"]; amount: number }
  /** `room`: a waiting room whose pass would let the devotee on (the checkout then sends them there). */
  | { ok: false; message: string; room?: Extract<CheckoutRelease, { ok: false }>["room"] };

function openOrder(db: Database, customerId: number) {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.customerId, customerId), eq(paymentOrders.status, "created")))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** An open order a new checkout may send the devotee back to: same gateway, same cart and prices, time left. */
function reusable(order: PaymentOrderRow, provider: PaymentProvider, cart: Cart, now: Date): boolean {
  if (order.provider !== provider.name || order.amount !== cart.totals.grandTotal) return false;
  if (Date.parse(expiryOf(order)) - now.getTime() < ORDER_REUSE_MIN_MS) return false;
  return orderMatchesCart(JSON.parse(order.lines) as FrozenLine[], cart);
}

/**
 * The order a waiting-room pass opened, paid for again (a failed or abandoned payment): the
 * same gateway, cart and prices, and still open, however little time it has left.
 */
function payableAgain(order: PaymentOrderRow, provider: PaymentProvider, cart: Cart, now: Date): boolean {
  if (order.provider !== provider.name || order.amount !== cart.totals.grandTotal) return false;
  if (Date.parse(expiryOf(order)) <= now.getTime()) return false;
  return orderMatchesCart(JSON.parse(order.lines) as FrozenLine[], cart);
}

/** Closes an order that was not paid (a newer checkout, expiry or a change replaced it) and gives back its seats. */
function cancelOrder(db: Database, orderId: number, now: Date) {
  return db.batch([
    db
      .update(paymentOrders)
      .set({ status: "cancelled", updatedAt: now.toISOString() })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, "created"))),
    releaseHolds(db, orderId),
  ]);
}

const started = (order: Pick<PaymentOrderRow, "providerOrderId" | "provider" | "amount">): StartCheckoutResult => ({
  ok: true,
  providerOrderId: order.providerOrderId,
  provider: order.provider,
  amount: order.amount,
});

export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  customerId: number,
  now = new Date(),
  /** The devotee's waiting-room pass: a released date in its opening's rush needs it. */
  pass?: PresentedPass,
): Promise<StartCheckoutResult> {
  const cart = await loadCart(db, customerId, { today: todayInIndia(now), now });
  if (cart.lines.length === 0) return { ok: false, message: CHECKOUT_MESSAGES.empty };
  if (cart.overCap) return { ok: false, message: CHECKOUT_MESSAGES.overCap };
  if (!cart.payable) return { ok: false, message: CHECKOUT_MESSAGES.problems };
  const released = await checkoutRelease(db, customerId, cart.lines, pass, now.getTime());
  if (!released.ok) return { ok: false, message: released.message, room: released.room };
  const amount = cart.totals.grandTotal;
  if (amount < 100) return { ok: false, message: CHECKOUT_MESSAGES.minimum };
  const open = await openOrder(db, customerId);
  const spends = released.pass;
  // A pass admits one order: its own again while it can be paid, never another (checked before
  // anything is cancelled; the unique release_pass below settles two checkouts racing).
  if (spends && open?.releasePass === spends.key) {
    return payableAgain(open, provider, cart, now) ? started(open) : { ok: false, message: passUsedMessage(spends) };
  }
  if (spends && (await passSpent(db, spends.key))) return { ok: false, message: passUsedMessage(spends) };
  if (open && reusable(open, provider, cart, now)) return started(open);
  if (open) await cancelOrder(db, open.id, now);
  const frozen = cart.lines.map(freezeLine);
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
  const expiresAt = orderExpiry(now);
  // The order and its seats in one batch: a day that filled up meanwhile refuses both.
  const orderId = sql<number>`(select ${paymentOrders.id} from ${paymentOrders}
    where ${paymentOrders.providerOrderId} = ${providerOrderId})`;
  try {
    await runBatch(db, [
      db.insert(paymentOrders).values({
        customerId,
        provider: provider.name,
        providerOrderId,
        amount,
        lines: JSON.stringify(frozen),
        createdAt: now.toISOString(),
        expiresAt,
        releasePass: spends?.key ?? null,
      }),
      ...holdStatements(db, { id: orderId, customerId, expiresAt }, frozen, now),
    ]);
  } catch (error) {
    const refused = seatRefusal(error);
    if (refused) return { ok: false, message: refused === "full" ? CHECKOUT_MESSAGES.full : CHECKOUT_MESSAGES.devoteeLimit };
    if (!isUniqueViolation(error)) throw error;
    // Another checkout of this customer opened an order at the same moment: the devotee pays that one.
    const winner = await openOrder(db, customerId);
    if (winner && reusable(winner, provider, cart, now)) return started(winner);
    if (spends && (await passSpent(db, spends.key))) return { ok: false, message: passUsedMessage(spends) };
    return { ok: false, message: CHECKOUT_MESSAGES.busy };
  }
  return { ok: true, providerOrderId, provider: provider.name, amount };
}

export type PayPageCheck =
  | { state: "payable"; order: Omit<PaymentOrderRow, "lines"> & { lines: FrozenLine[] }; secondsLeft: number }
  | { state: "done" }
  | { state: "closed"; message: string };

/**
 * Before the payment page is shown: the order is the devotee's, still open, not
 * expired, and the cart still holds exactly its lines at its prices. An order that
 * fails is closed, and the devotee goes back to the cart with the reason.
 */
export async function checkOrderForPayment(
  db: Database,
  customerId: number,
  providerOrderId: string,
  now = new Date(),
): Promise<PayPageCheck | null> {
  const order = await findPaymentOrder(db, providerOrderId);
  if (!order || order.customerId !== customerId) return null;
  if (order.status === "paid" || order.status === "refund") return { state: "done" };
  if (order.status !== "created") return { state: "closed", message: CHECKOUT_MESSAGES.replaced };
  const msLeft = Date.parse(expiryOf(order)) - now.getTime();
  if (msLeft <= 0) {
    await cancelOrder(db, order.id, now);
    return { state: "closed", message: CHECKOUT_MESSAGES.expired };
  }
  const lines = JSON.parse(order.lines) as FrozenLine[];
  const cart = await loadCart(db, customerId, { today: todayInIndia(now), now });
  if (cart.totals.grandTotal !== order.amount || !orderMatchesCart(lines, cart)) {
    await cancelOrder(db, order.id, now);
    return { state: "closed", message: CHECKOUT_MESSAGES.changed };
  }
  return { state: "payable", order: { ...order, lines }, secondsLeft: Math.floor(msLeft / 1000) };
}

/**
 * Housekeeping: open orders past their expiry are cancelled (their payments, if any arrive, are
 * judged as usual); their holds stopped counting when they expired, and their rows go too.
 */
export async function cancelExpiredOrders(db: Database, now = new Date()) {
  await deleteExpiredHolds(db, now);
  const stamp = now.toISOString();
  const closed = await db
    .update(paymentOrders)
    .set({ status: "cancelled", updatedAt: stamp })
    .where(
      and(
        eq(paymentOrders.status, "created"),
        or(
          lt(paymentOrders.expiresAt, stamp),
          and(isNull(paymentOrders.expiresAt), lt(paymentOrders.createdAt, new Date(now.getTime() - ORDER_LIFETIME_MS).toISOString())),
        ),
      ),
    )
    .returning({ id: paymentOrders.id });
  return closed.length;
}

/**
 * What an order came to, for its owner only (its lines named in the page's language): the booking, or the refunds of payments that were not
 * booked.
 */
export async function findOrderOutcome(db: Database, customerId: number, providerOrderId: string) {
  const [row] = await db
    .select({
      id: paymentOrders.id,
      status: paymentOrders.status,
      provider: paymentOrders.provider,
      amount: paymentOrders.amount,
      lines: paymentOrders.lines,
      transactionId: transactions.id,
      receiptNo: transactions.receiptNo,
      trackingNo: transactions.trackingNo,
      bookingDate: transactions.bookingDate,
    })
    .from(paymentOrders)
    .leftJoin(transactions, eq(transactions.paymentOrderId, paymentOrders.id))
    .where(and(eq(paymentOrders.providerOrderId, providerOrderId), eq(paymentOrders.customerId, customerId)))
    .limit(1);
  if (!row) return null;
  const refunds = await db
    .select({
      amount: paymentRefunds.amount,
      reason: paymentRefunds.reason,
      status: paymentRefunds.status,
      refundRef: paymentRefunds.refundRef,
      startedAt: paymentRefunds.startedAt,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentOrderId, row.id))
    .orderBy(desc(paymentRefunds.id))
    .limit(10);
  return {
    ...row,
    // Frozen under the English names; shown in the page's language.
    lines: await namedInLanguage(db, JSON.parse(row.lines) as FrozenLine[]),
    refunds: refunds.map((refund) => ({ ...refund, reason: refund.reason as RefundReason })),
  };
}
