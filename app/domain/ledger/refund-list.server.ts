/** Refunds the portal still owes (due: the gateway has not accepted them; pending: it has, not yet paid out), oldest first. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, paymentOrders, paymentRefunds } from "~/db/schema";

const OPEN = ["due", "pending"] as const;

/** The open refunds, oldest first; `statuses` narrows them (the dashboard shows the due ones). */
export function listOpenRefunds(db: Database, limit = 100, statuses: readonly (typeof OPEN)[number][] = OPEN) {
  return db
    .select({
      id: paymentRefunds.id,
      createdAt: paymentRefunds.createdAt,
      status: paymentRefunds.status,
      paymentRef: paymentRefunds.paymentRef,
      amount: paymentRefunds.amount,
      reason: paymentRefunds.reason,
      attempts: paymentRefunds.attempts,
      lastError: paymentRefunds.lastError,
      nextAttemptAt: paymentRefunds.nextAttemptAt,
      startedAt: paymentRefunds.startedAt,
      refundRef: paymentRefunds.refundRef,
      providerOrderId: paymentOrders.providerOrderId,
      provider: paymentOrders.provider,
      customerEmail: customers.email,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.paymentOrderId))
    .innerJoin(customers, eq(customers.id, paymentRefunds.customerId))
    .where(inArray(paymentRefunds.status, [...statuses]))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(limit);
}

export type OpenRefund = Awaited<ReturnType<typeof listOpenRefunds>>[number];

/** How many refunds are open, by status. */
export async function countOpenRefunds(db: Database) {
  const rows = await db
    .select({ status: paymentRefunds.status, n: sql<number>`count(*)` })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, [...OPEN]))
    .groupBy(paymentRefunds.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { due: of("due"), pending: of("pending") };
}
