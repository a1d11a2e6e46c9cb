/**
 * Refunds the portal still owes (due: the gateway has not accepted them; sending: a gateway call
 * for it is in flight; pending: the gateway accepted it, not yet paid out), oldest first.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, paymentOrders, paymentRefunds } from "~/db/schema";

const OPEN = ["due", "sending", "pending"] as const;

/**
 * The open refunds, oldest first; `statuses` narrows them (the dashboard shows the due ones).
 * `sendable`: a due one, or one whose sender's claim lapsed (its Worker died mid-call), may be
 * sent again now; `outsideAllowed`: only a due one may be marked refunded outside the portal.
 */
export async function listOpenRefunds(
  db: Database,
  { limit = 100, statuses = OPEN, now = new Date() }: { limit?: number; statuses?: readonly (typeof OPEN)[number][]; now?: Date } = {},
) {
  const rows = await db
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
      updatedAt: paymentRefunds.updatedAt,
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
  const stamp = now.toISOString();
  return rows.map((row) => ({
    ...row,
    sendable: row.status === "due" || (row.status === "sending" && (row.nextAttemptAt ?? "") <= stamp),
    outsideAllowed: row.status === "due",
    // Its backoff is over: housekeeping's next run sends it (a time already past would read as a fault).
    nextAttemptPassed: row.nextAttemptAt !== null && row.nextAttemptAt <= stamp,
  }));
}

export type OpenRefund = Awaited<ReturnType<typeof listOpenRefunds>>[number];

/** How many refunds are open: due (being sent included: the gateway has not accepted them yet) and pending. */
export async function countOpenRefunds(db: Database) {
  const rows = await db
    .select({ status: paymentRefunds.status, n: sql<number>`count(*)` })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, [...OPEN]))
    .groupBy(paymentRefunds.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  return { due: of("due") + of("sending"), pending: of("pending") };
}
