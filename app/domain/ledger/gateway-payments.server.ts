/**
 * The ledger's "received" side: every payment the gateway reported enters gateway_payments
 * once (by its payment id), whoever told us first (the callback, a webhook or
 * reconciliation). Later reports update it but never move it backwards: webhooks arrive out
 * of order, and a "payment.authorized" after "payment.captured" must not undo the capture.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { gatewayPayments } from "~/db/schema";

export type LedgerPaymentStatus = "authorized" | "captured" | "refunded" | "failed";
export type LedgerSource = "callback" | "webhook" | "reconciliation";

export interface ReportedPayment {
  paymentRef: string;
  paymentOrderId: number;
  provider: string;
  amount: number;
  status: LedgerPaymentStatus;
  source: LedgerSource;
  paidAt: Date;
  fee?: number | null;
  tax?: number | null;
}

/** How far along a payment is; a report of an earlier state never replaces a later one. */
const RANKS = sql.raw(`when 'failed' then 1 when 'authorized' then 2 when 'captured' then 3 when 'refunded' then 4 else 0 end`);
const STATUS_RANK = sql`(case excluded.status ${RANKS})`;
const CURRENT_RANK = sql`(case ${gatewayPayments.status} ${RANKS})`;

/** The upsert of one reported payment (12 bound parameters), to run alone or inside a batch. */
export function recordGatewayPayment(db: Database, payment: ReportedPayment, now: Date) {
  const stamp = now.toISOString();
  return db
    .insert(gatewayPayments)
    .values({
      paymentRef: payment.paymentRef,
      paymentOrderId: payment.paymentOrderId,
      provider: payment.provider,
      amount: payment.amount,
      status: payment.status,
      fee: payment.fee ?? null,
      tax: payment.tax ?? null,
      source: payment.source,
      paidAt: payment.paidAt.toISOString(),
      firstSeenAt: stamp,
      checkedAt: stamp,
    })
    .onConflictDoUpdate({
      target: gatewayPayments.paymentRef,
      set: {
        status: sql`case when ${STATUS_RANK} > ${CURRENT_RANK} then excluded.status else ${gatewayPayments.status} end`,
        fee: sql`coalesce(excluded.fee, ${gatewayPayments.fee})`,
        tax: sql`coalesce(excluded.tax, ${gatewayPayments.tax})`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}
