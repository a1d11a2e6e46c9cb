/**
 * Reconciliation (housekeeping): asks the gateway about what the portal has not seen settle.
 * 1. orders with webhook events whose work failed, then refunds due whose next attempt has
 *    come (sent again with the same key), then refunds pending (fetched: processed →
 *    refunded, failed → due), then every order of the last 3 days that is open, expired,
 *    cancelled, failed, refunded or paid, the least recently asked first;
 * 2. for each order, its payments: each enters the ledger; a captured payment with no
 *    booking and no refund is settled as the callback would settle it (booked if its lines
 *    still hold, else refunded); an authorized one (a late authorisation) is captured first.
 * A refund due is sent only once claimed (refunds.server.ts), as the operator's Retry is; a
 * payment whose money went back twice (refunded at the gateway and outside the portal, or two
 * refunds at the gateway) is flagged for the daily report (refund-reports.server.ts).
 * A run makes at most MAX_GATEWAY_CALLS calls (Workers' subrequest limit); what it did not
 * reach waits for the next run. Deterministic given `now` and the gateway's answers.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders, paymentRefunds, reconciliationRuns, webhookEvents } from "~/db/schema";
import { RECONCILE_DAYS, recentOrders, refundsDue, refundsPending } from "./reconcile-queue.server";
import { type GatewayPaymentRecord, PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import { findPaymentOrder, type PaymentOrderRow } from "~/domain/bookings/cart/checkout-payments.server";
import { webhookPaidAt } from "~/domain/bookings/cart/checkout-lines";
import { recordedAs, settlePayment } from "./captured-payments.server";
import { closeIfLapsed, orderPayments } from "./gateway-sale-checks.server";
import { type LedgerPaymentStatus, recordGatewayPayment } from "./gateway-payments.server";
import { applyGatewayRefund, checkAmountRefunded, flagRefundedTwice } from "./refund-reports.server";
import { sendRefund } from "./refunds.server";
import { listUnmatchedPayments, type UnmatchedPayment } from "./report.server";
import { listUnprocessedEvents } from "./webhooks.server";
import { checkTransfers } from "./payout-housekeeping.server";
import type { Payouts } from "./payout-transfers.server";

export const MAX_GATEWAY_CALLS = 40;
export { RECONCILE_DAYS } from "./reconcile-queue.server";

export interface ReconcileSummary {
  runId: number;
  ordersChecked: number;
  paymentsBooked: number;
  paymentsRefunded: number;
  refundsRetried: number;
  refundsConfirmed: number;
  gatewayCalls: number;
  errors: number;
  unmatched: UnmatchedPayment[];
}

/** After this many answers of an unreachable or failing gateway in one run, the run stops asking. */
const GATEWAY_DOWN_AFTER = 3;

class Budget {
  calls = 0;
  outages = 0;
  constructor(readonly max: number) {}
  left() {
    return this.down() ? 0 : this.max - this.calls;
  }
  down() {
    return this.outages >= GATEWAY_DOWN_AFTER;
  }
  failed(error: unknown) {
    if (error instanceof PaymentGatewayError && (error.status === null || error.status >= 500)) this.outages += 1;
  }
  async call<T>(run: () => Promise<T>): Promise<T> {
    this.calls += 1;
    return run();
  }
}

export async function reconcile(
  db: Database,
  provider: PaymentProvider,
  now = new Date(),
  maxCalls = MAX_GATEWAY_CALLS,
  payouts?: Payouts,
): Promise<ReconcileSummary> {
  const stamp = now.toISOString();
  const [run] = await db.insert(reconciliationRuns).values({ startedAt: stamp }).returning({ id: reconciliationRuns.id });
  const summary: ReconcileSummary = {
    runId: run!.id,
    ordersChecked: 0,
    paymentsBooked: 0,
    paymentsRefunded: 0,
    refundsRetried: 0,
    refundsConfirmed: 0,
    gatewayCalls: 0,
    errors: 0,
    unmatched: [],
  };
  const budget = new Budget(maxCalls);
  const attempt = async (work: () => Promise<void>) => {
    if (budget.down()) return;
    try {
      await work();
    } catch (error) {
      summary.errors += 1;
      budget.failed(error);
      console.warn("Reconciliation step failed, left for the next run:", error instanceof Error ? error.message : "unknown error");
    }
  };
  const checked = new Set<number>();

  // Orders whose webhook work failed come first: the gateway told us, and we did not finish.
  for (const order of await ordersOfUnprocessedEvents(db, provider, budget, summary, now)) {
    if (budget.left() < 3) break;
    if (checked.has(order.id)) continue;
    checked.add(order.id);
    await attempt(() => checkOrder(db, provider, order, budget, summary, now));
  }
  // Refunds due: at most half of what is left, so a gateway that refuses everything cannot starve the orders.
  const dueBudget = Math.floor(budget.left() / 2);
  for (const refund of await refundsDue(db, stamp, Math.max(0, dueBudget))) {
    if (budget.left() < 1) break;
    await attempt(async () => {
      const status = await budget.call(() => sendRefund(db, provider, refund, now));
      summary.refundsRetried += 1;
      if (status !== "due") summary.refundsConfirmed += status === "refunded" ? 1 : 0;
    });
  }
  for (const refund of await refundsPending(db, Math.max(0, Math.floor(budget.left() / 3)))) {
    if (budget.left() < 1) break;
    await attempt(async () => {
      const refunds = await budget.call(() => provider.fetchRefunds(refund.paymentRef));
      const answer = refunds.find((r) => r.id === refund.refundRef) ?? refunds.find((r) => r.status === "processed");
      // More than one refund that moved money (none failed) for one payment: it went back twice.
      if (refunds.filter((r) => r.status !== "failed").length > 1) await flagRefundedTwice(db, refund.paymentRef, now);
      await db.update(paymentRefunds).set({ updatedAt: stamp }).where(eq(paymentRefunds.id, refund.id));
      if (answer && (await applyGatewayRefund(db, { ...answer, paymentId: refund.paymentRef }, now)) === "refunded")
        summary.refundsConfirmed += 1;
    });
  }
  for (const order of await recentOrders(db, provider, now, budget.left())) {
    if (budget.left() < 3) break;
    if (checked.has(order.id)) continue;
    checked.add(order.id);
    await attempt(() => checkOrder(db, provider, order, budget, summary, now));
  }

  // Route's transfers made and not yet settled: what their lost webhooks would have said (issue 43).
  if (payouts) budget.calls += await checkTransfers(db, payouts, now, budget.left());
  summary.gatewayCalls = budget.calls;
  summary.unmatched = await listUnmatchedPayments(db, new Date(now.getTime() - RECONCILE_DAYS * 86_400_000).toISOString(), stamp);
  await db
    .update(reconciliationRuns)
    .set({
      finishedAt: stamp,
      ordersChecked: summary.ordersChecked,
      paymentsBooked: summary.paymentsBooked,
      paymentsRefunded: summary.paymentsRefunded,
      refundsRetried: summary.refundsRetried,
      unmatched: JSON.stringify(summary.unmatched.slice(0, 50)),
      errors: summary.errors,
    })
    .where(eq(reconciliationRuns.id, summary.runId));
  return summary;
}

const LEDGER_STATUSES = new Set<string>(["authorized", "captured", "refunded", "failed"]);

/** One order: its payments from the gateway, each recorded, and each captured one settled once. */
async function checkOrder(
  db: Database,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  budget: Budget,
  summary: ReconcileSummary,
  now: Date,
) {
  const { payments, closed } = await budget
    .call(() => orderPayments(provider, order))
    .catch(async (error: unknown) => {
      // Refused outright (4xx: an order the gateway does not know, say, made with other keys): asking
      // again at once would be refused again, so it waits its turn like an order asked; otherwise such
      // orders, never asked first, would hold the head of the queue and starve every other order.
      // An unreachable or failing gateway (5xx) leaves the order for the next run.
      if (error instanceof PaymentGatewayError && error.status !== null && error.status < 500)
        await db.update(paymentOrders).set({ reconciledAt: now.toISOString() }).where(eq(paymentOrders.id, order.id));
      throw error;
    });
  summary.ordersChecked += 1;
  for (const payment of payments) await checkPayment(db, provider, order, payment, budget, summary, now);
  // A counter QR or payment link sale left unpaid past its time (or closed at the gateway) closes: nothing is booked.
  if (order.kind !== "checkout")
    await closeIfLapsed(db, provider, (await findPaymentOrder(db, order.providerOrderId)) ?? order, closed, now);
  const stamp = now.toISOString();
  await db.batch([
    db.update(paymentOrders).set({ reconciledAt: stamp }).where(eq(paymentOrders.id, order.id)),
    // The events of these payments are covered now: the gateway's own account was read.
    db
      .update(webhookEvents)
      .set({ processedAt: stamp })
      .where(
        and(
          isNull(webhookEvents.processedAt),
          inArray(webhookEvents.paymentRef, payments.length ? payments.slice(0, 90).map((p) => p.id) : [""]),
        ),
      ),
  ]);
}

async function checkPayment(
  db: Database,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  reported: GatewayPaymentRecord,
  budget: Budget,
  summary: ReconcileSummary,
  now: Date,
) {
  if (!LEDGER_STATUSES.has(reported.status)) return;
  // Razorpay refuses a payment for another amount than its order's; one that differs is left unmatched for the operator.
  if (reported.amount !== order.amount) return;
  const paidAt = webhookPaidAt(reported.createdAt ?? undefined, now);
  const ledgerRow = {
    paymentRef: reported.id,
    paymentOrderId: order.id,
    provider: order.provider,
    amount: reported.amount,
    source: "reconciliation" as const,
    paidAt,
    fee: reported.fee,
    tax: reported.tax,
  };
  await checkAmountRefunded(db, reported, now, async () =>
    budget.left() < 1 ? null : budget.call(() => provider.fetchRefunds(reported.id)),
  );
  let payment = reported;
  if (payment.status === "authorized") {
    // A late authorisation: captured, then settled like any captured payment.
    if (budget.left() < 1) return;
    await recordGatewayPayment(db, { ...ledgerRow, status: "authorized" }, now).run();
    payment = await budget.call(() => provider.capture(reported.id, reported.amount));
  }
  if (payment.status === "refunded") {
    await recordGatewayPayment(db, { ...ledgerRow, status: "refunded" }, now).run();
    await applyGatewayRefund(db, { id: "", paymentId: payment.id, status: "processed" }, now);
    return;
  }
  if (payment.status !== "captured") {
    await recordGatewayPayment(db, { ...ledgerRow, status: payment.status as LedgerPaymentStatus }, now).run();
    return;
  }
  if (await recordedAs(db, payment.id)) {
    await recordGatewayPayment(db, { ...ledgerRow, status: "captured", fee: payment.fee, tax: payment.tax }, now).run();
    return;
  }
  // Settling may send a refund: one more call.
  const fresh = (await findPaymentOrder(db, order.providerOrderId)) ?? order;
  const result = await budget.call(() =>
    settlePayment(
      db,
      provider,
      fresh,
      { paymentId: payment.id, paidAt, source: "reconciliation", fee: payment.fee, tax: payment.tax },
      now,
    ),
  );
  if (result.status === "paid") summary.paymentsBooked += 1;
  if (result.status === "refunded") summary.paymentsRefunded += 1;
}

/** Orders of events that were stored but never processed: through the ledger, or by asking the gateway which order a payment was for. */
async function ordersOfUnprocessedEvents(db: Database, provider: PaymentProvider, budget: Budget, summary: ReconcileSummary, now: Date) {
  const events = await listUnprocessedEvents(db, 20);
  const orders: PaymentOrderRow[] = [];
  for (const event of events) {
    const paymentRef = event.paymentRef!;
    const [row] = await db
      .select()
      .from(paymentOrders)
      .where(sql`${paymentOrders.id} = (select payment_order_id from gateway_payments where payment_ref = ${paymentRef})`)
      .limit(1);
    if (row) {
      orders.push(row);
      continue;
    }
    if (budget.left() < 4) break;
    try {
      const payment = await budget.call(() => provider.fetchPayment(paymentRef));
      const order = payment?.orderId ? await findPaymentOrder(db, payment.orderId) : null;
      if (order && order.provider === provider.name) orders.push(order);
      // A payment the gateway does not know, or of no order of ours, is not ours to settle: the event is closed.
      else await db.update(webhookEvents).set({ processedAt: now.toISOString() }).where(eq(webhookEvents.eventId, event.eventId));
    } catch (error) {
      summary.errors += 1;
      budget.failed(error);
      console.warn("Reconciliation could not fetch a payment:", error instanceof Error ? error.message : "unknown error");
    }
  }
  return orders;
}
