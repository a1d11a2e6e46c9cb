/**
 * Route's transfer and settlement webhooks (deduplicated by event id in webhooks.server.ts).
 * Repeated and out of order they are harmless: a status never moves backwards.
 * - transfer.processed: the row (by transfer id, or by our row id in the notes when its sender's
 *   answer was lost) becomes processed;
 * - transfer.failed: a row still showing that transfer is due again (no money moved): its sender
 *   looks at the payment's transfers first, makes it again once, or leaves it failed;
 * - settlement.processed: settlement_ref, UTR and settled_at on the transfers it paid (asked from
 *   Razorpay: the payload does not list them).
 * Reconciliation asks about transfers too (`checkTransfers`), so a lost webhook is caught up.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payoutTransfers } from "~/db/schema";
import type { RazorpayRoute, RouteWebhook, Settlement, Transfer } from "~/lib/payments/razorpay-route.server";
import { toSettlement, toTransfer } from "~/lib/payments/razorpay-route.server";
import { sendAgain } from "./payout-transfers.server";

/** Applies what Razorpay says about a transfer (webhook or fetch); answers whether a row changed. */
export async function applyTransferReport(db: Database, transfer: Transfer, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  if (transfer.status === "failed") {
    const changed = await db
      .update(payoutTransfers)
      .set(sendAgain(transfer, now))
      .where(and(eq(payoutTransfers.transferRef, transfer.id), inArray(payoutTransfers.status, ["created", "processed"])))
      .returning({ id: payoutTransfers.id });
    return changed.length > 0;
  }
  if (transfer.status !== "processed" && transfer.status !== "partially_reversed" && transfer.status !== "reversed") return false;
  const rowId = Number(transfer.notes.payout_transfer_id ?? 0);
  const changed = await db
    .update(payoutTransfers)
    .set({ status: "processed", transferRef: transfer.id, lastError: null, nextAttemptAt: null, updatedAt: stamp })
    .where(
      sql`(${payoutTransfers.transferRef} = ${transfer.id} and ${payoutTransfers.status} = 'created')
        or (${payoutTransfers.id} = ${rowId} and ${payoutTransfers.transferRef} is null
          and ${payoutTransfers.status} in ('due', 'sending') and ${payoutTransfers.paymentRef} = ${transfer.source})`,
    )
    .returning({ id: payoutTransfers.id });
  return changed.length > 0;
}

/** Writes a settlement's reference, UTR and time on the transfers it paid (once). */
export async function applySettlement(db: Database, settlement: Settlement, transferRefs: readonly string[], now: Date) {
  if (transferRefs.length === 0) return 0;
  const changed = await db
    .update(payoutTransfers)
    .set({
      settlementRef: settlement.id,
      utr: settlement.utr,
      settledAt: new Date(settlement.createdAt * 1000).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(and(inArray(payoutTransfers.transferRef, [...transferRefs].slice(0, 90)), isNull(payoutTransfers.settlementRef)))
    .returning({ id: payoutTransfers.id });
  return changed.length;
}

/** A Route webhook's work for the ledger (linked account events are the console's, elsewhere). */
export async function handleRouteEvent(db: Database, route: RazorpayRoute | undefined, event: RouteWebhook, now: Date) {
  const transfer = event.payload.transfer?.entity;
  if ((event.event === "transfer.processed" || event.event === "transfer.failed") && transfer) {
    await applyTransferReport(db, toTransfer(transfer), now);
    return;
  }
  const settlement = event.payload.settlement?.entity;
  if (event.event === "settlement.processed" && settlement) {
    // Without Route's client the event stays unprocessed; reconciliation asks each transfer later.
    if (!route) throw new Error("Route is not configured: the settlement's transfers cannot be asked");
    const paid = await route.fetchSettlementTransfers(settlement.id);
    await applySettlement(
      db,
      toSettlement(settlement),
      paid.map((item) => item.id),
      now,
    );
  }
}
