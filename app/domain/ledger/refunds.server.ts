/**
 * Refunds the gateway has not accepted yet: retried by hand, or settled outside the portal.
 * The smallest version the ledger pages need (branch i26c); the money core's version
 * (retries with backoff from housekeeping, e-mails) replaces this file.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentRefunds } from "~/db/schema";
import { PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import { auditWhenStatement } from "~/domain/temples-admin/audit.server";

const RETRY_AFTER_MS = 15 * 60_000;

/** Asks the gateway again for a due refund, with its idempotency key (never paid twice). */
export async function retryRefund(
  db: Database,
  provider: PaymentProvider,
  refundId: number,
  now = new Date(),
): Promise<{ ok: true; status: string } | { ok: false; message: string }> {
  const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1);
  if (!refund) return { ok: false, message: "There is no such refund." };
  if (refund.status !== "due") return { ok: false, message: `This refund is ${refund.status} already.` };
  const key = refund.idempotencyKey ?? `sn_refund_${refund.paymentRef}`;
  const stamp = now.toISOString();
  try {
    const made = await provider.refund(refund.paymentRef, refund.amount, key);
    const status = made.status === "processed" ? "refunded" : "pending";
    await db
      .update(paymentRefunds)
      .set({
        status,
        refundRef: made.id,
        idempotencyKey: key,
        attempts: sql`${paymentRefunds.attempts} + 1`,
        lastError: null,
        nextAttemptAt: null,
        startedAt: stamp,
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, "due")));
    return { ok: true, status };
  } catch (error) {
    const message = error instanceof PaymentGatewayError ? error.message : "The gateway could not be reached.";
    await db
      .update(paymentRefunds)
      .set({
        idempotencyKey: key,
        attempts: sql`${paymentRefunds.attempts} + 1`,
        lastError: message.slice(0, 300),
        nextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, "due")));
    return { ok: false, message };
  }
}

/** An operator settled a due refund outside the portal: its reference, reason and who, audited in the same batch. */
export async function markRefundedOutside(
  db: Database,
  refundId: number,
  settled: { reference: string; reason: string; operatorId: number },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const stamp = now.toISOString();
  const [updated] = await db.batch([
    db
      .update(paymentRefunds)
      .set({
        status: "outside",
        outsideReference: settled.reference,
        outsideReason: settled.reason,
        settledBy: settled.operatorId,
        nextAttemptAt: null,
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, "due")))
      .returning({ id: paymentRefunds.id }),
    auditWhenStatement(
      db,
      {
        actorId: settled.operatorId,
        action: "refund.outside",
        entity: "payment_refund",
        entityId: refundId,
        detail: { reference: settled.reference, reason: settled.reason },
      },
      sql`exists (select 1 from ${paymentRefunds} where ${paymentRefunds.id} = ${refundId}
        and ${paymentRefunds.status} = 'outside' and ${paymentRefunds.updatedAt} = ${stamp})`,
    ),
  ]);
  return updated.length > 0
    ? { ok: true }
    : { ok: false, message: "This refund is not due: it was settled or sent to the gateway already." };
}
