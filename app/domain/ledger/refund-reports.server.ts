/**
 * What the gateway reports about a payment's refunds (a webhook, or reconciliation): it moves
 * the refund row on, and flags a payment whose money went back more than once (a refund
 * processed at the gateway for a payment settled outside the portal, or a second refund at the
 * gateway), so the operator sees it in the daily report and recovers the extra refund. An
 * operator who refunded in the gateway's dashboard and marked it outside with that refund's id
 * as the reference refunded it once: that refund is not a second one.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentRefunds } from "~/db/schema";
import type { GatewayRefund, PaymentProvider } from "~/lib/payments/provider";
import { findRefundOfPayment, nextRefundKey, type RefundRow, refundIdempotencyKey } from "./refunds.server";

/** Marks the payment's money as gone back twice (once: the first finding's time is kept). */
export async function flagRefundedTwice(db: Database, paymentRef: string, now: Date) {
  const flagged = await db
    .update(paymentRefunds)
    .set({ refundedTwiceAt: now.toISOString() })
    .where(and(eq(paymentRefunds.paymentRef, paymentRef), isNull(paymentRefunds.refundedTwiceAt)))
    .returning({ id: paymentRefunds.id });
  if (flagged.length) console.warn("A payment's money went back more than once; it is in the daily report:", paymentRef);
}

/**
 * The gateway's account of how much of a payment went back (`amount_refunded`): more than the
 * refund the portal owed is money gone back twice; any of it for a payment settled outside the
 * portal is, unless it is the refund the operator named (`fetchRefunds`: one gateway call, made
 * only then; false when the caller has no call left for it).
 */
export async function checkAmountRefunded(
  db: Database,
  payment: { id: string; amountRefunded: number },
  now: Date,
  fetchRefunds: () => Promise<Awaited<ReturnType<PaymentProvider["fetchRefunds"]>> | null>,
) {
  if (payment.amountRefunded <= 0) return;
  const row = await findRefundOfPayment(db, payment.id);
  if (!row) return;
  if (payment.amountRefunded > row.amount) return flagRefundedTwice(db, payment.id, now);
  if (row.status !== "outside" || row.refundedTwiceAt) return;
  const refunds = await fetchRefunds();
  if (refunds?.some((refund) => refund.status !== "failed" && isSecondRefund(row, refund.id))) await flagRefundedTwice(db, payment.id, now);
}

/** Whether a refund `refundId` that moved money at the gateway is one refund too many for this row. */
function isSecondRefund(row: RefundRow, refundId: string) {
  if (!refundId) return false;
  if (row.status === "outside") return refundId !== row.outsideReference?.trim();
  return (row.status === "pending" || row.status === "refunded") && !!row.refundRef && row.refundRef !== refundId;
}

/**
 * What the gateway says about a refund of `paymentId` (a webhook, reconciliation): processed →
 * refunded (also while a sender's call is in flight: its answer then changes nothing); failed →
 * due again with a fresh key, to be sent at once. `id` is empty when only the payment's state is known.
 */
export async function applyGatewayRefund(db: Database, refund: Pick<GatewayRefund, "id" | "paymentId" | "status">, now = new Date()) {
  const row = await findRefundOfPayment(db, refund.paymentId);
  if (!row) return null;
  const stamp = now.toISOString();
  if (refund.status === "processed") {
    if (isSecondRefund(row, refund.id)) await flagRefundedTwice(db, row.paymentRef, now);
    if (row.status !== "due" && row.status !== "sending" && row.status !== "pending") return row.status;
    await db
      .update(paymentRefunds)
      .set({
        status: "refunded",
        refundRef: refund.id || row.refundRef,
        startedAt: sql`coalesce(${paymentRefunds.startedAt}, ${stamp})`,
        nextAttemptAt: null,
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, row.id), inArray(paymentRefunds.status, ["due", "sending", "pending"])));
    return "refunded" as const;
  }
  // Only the refund we are waiting on can send the row back; an older failed attempt changes nothing.
  if (refund.status === "failed" && row.status === "pending" && row.refundRef === refund.id) {
    await db
      .update(paymentRefunds)
      .set({
        status: "due",
        idempotencyKey: nextRefundKey(row.idempotencyKey ?? refundIdempotencyKey(row.paymentRef)),
        lastError: "The gateway reported the refund failed.",
        nextAttemptAt: stamp,
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, "pending"), eq(paymentRefunds.refundRef, refund.id)));
    return "due" as const;
  }
  return row.status;
}
