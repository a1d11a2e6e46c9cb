/**
 * Route's housekeeping (every run, issue 43), each step within its share of the call budget:
 * lines whose planning was lost are planned; held transfers whose hold_until day has come (or
 * whose release the desk asked) are released; due transfers whose time has come are sent (a
 * lapsed claim looked up first); line refunds due are sent again; and reconciliation asks Razorpay
 * about transfers made and not yet settled (GET /transfers/:id), catching up lost webhooks:
 * processed, failed (made again once), settled (its settlement's UTR).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payoutTransfers } from "~/db/schema";
import type { PaymentProvider } from "~/lib/payments/provider";
import { askPendingLineRefunds, lineRefundsDue, sendLineRefund } from "./line-refunds.server";
import { releaseHeldTransfers } from "./payout-holds.server";
import { type Payouts, paymentsWithDueTransfers, planMissedTransfers, sendTransfersOfPayment } from "./payout-transfers.server";
import { applySettlement, applyTransferReport } from "./payout-webhooks.server";
import { RECONCILE_DAYS } from "./reconcile-queue.server";

/** Transfers made and not settled (or not known processed), the least recently asked first: each asked, its settlement too. */
export async function checkTransfers(db: Database, payouts: Payouts, now: Date, maxCalls: number): Promise<number> {
  if (maxCalls <= 0) return 0;
  // The least recently asked from their own partial index (issue 44: by status, the planner would read every settled transfer).
  const ids = await db.all<{ id: number }>(sql`select id from payout_transfers indexed by payout_transfers_to_check
    where transfer_ref is not null and (status = 'created' or (settlement_ref is null and on_hold = 0))
      and status in ('created', 'processed')
    order by coalesce(updated_at, created_at) limit ${Math.ceil(maxCalls / 2)}`);
  if (ids.length === 0) return 0;
  const rows = await db
    .select()
    .from(payoutTransfers)
    .where(
      inArray(
        payoutTransfers.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(asc(sql`coalesce(${payoutTransfers.updatedAt}, ${payoutTransfers.createdAt})`));
  let calls = 0;
  for (const row of rows) {
    if (calls >= maxCalls) break;
    try {
      calls += 1;
      const transfer = await payouts.route.fetchTransfer(row.transferRef!);
      await applyTransferReport(db, transfer, now);
      if (transfer.settlementStatus === "settled" && transfer.settlementId && calls < maxCalls) {
        calls += 1;
        await applySettlement(db, await payouts.route.fetchSettlement(transfer.settlementId), [transfer.id], now);
      }
    } catch (error) {
      console.warn("A transfer could not be asked, left for the next run:", error instanceof Error ? error.message : "unknown error");
    }
    // Asked (answered or not): to the back of the line, so a transfer Razorpay cannot answer never keeps the others waiting.
    await db
      .update(payoutTransfers)
      .set({ updatedAt: now.toISOString() })
      .where(and(eq(payoutTransfers.id, row.id), inArray(payoutTransfers.status, ["created", "processed"])));
  }
  return calls;
}

export interface PayoutRun {
  planned: number;
  released: number;
  sent: number;
  /** Line refunds the gateway accepted in this run (their devotees are told). */
  lineRefunds: number[];
}

/** One housekeeping run of Route's work (after reconciliation's, which checks transfers within its own budget). */
export async function runPayouts(
  db: Database,
  payouts: Payouts,
  provider: PaymentProvider,
  now = new Date(),
  maxCalls = 30,
): Promise<PayoutRun> {
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000).toISOString();
  const planned = await planMissedTransfers(db, payouts.holdDays, since);
  const released = await releaseHeldTransfers(db, payouts.route, now, { byTime: true, limit: Math.floor(maxCalls / 3) });
  let sent = 0;
  for (const paymentRef of await paymentsWithDueTransfers(db, now, Math.floor(maxCalls / 3))) {
    try {
      sent += await sendTransfersOfPayment(db, payouts.route, paymentRef, now);
    } catch (error) {
      console.warn("Transfers of a payment left for the next run:", error instanceof Error ? error.message : "unknown error");
    }
  }
  const lineRefunds: number[] = [];
  for (const refund of await lineRefundsDue(db, now, Math.floor(maxCalls / 6))) {
    const status = await sendLineRefund(db, { provider, route: payouts.route }, refund, now);
    if (status !== "due" && status !== "sending") lineRefunds.push(refund.id);
  }
  // A refund.processed or refund.failed webhook lost: the gateway is asked.
  await askPendingLineRefunds(db, provider, now, Math.floor(maxCalls / 6));
  return { planned, released, sent, lineRefunds };
}
