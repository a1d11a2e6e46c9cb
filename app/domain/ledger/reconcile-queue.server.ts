/**
 * What reconciliation asks the gateway about, in order: refunds due whose next attempt has come
 * (or whose sender's claim lapsed), refunds pending, and the last days' orders (never asked
 * first, then the least recently asked).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders, paymentRefunds } from "~/db/schema";
import type { PaymentProvider } from "~/lib/payments/provider";
import type { PaymentOrderRow } from "~/domain/bookings/cart/checkout-payments.server";
import type { RefundRow } from "./refunds.server";

/** How far back orders are asked about. */
export const RECONCILE_DAYS = 3;
/** An order is asked about only after its payment page had this long to report (the callback usually wins). */
const SETTLE_GRACE_MS = 2 * 60_000;
/** An order asked about is asked again (a late authorisation, a second payment) after this long. */
const ASK_AGAIN_AFTER_MS = 30 * 60_000;

/** Refunds due whose backoff has passed, and claims whose lease lapsed (their Worker died mid-call). */
export function refundsDue(db: Database, stamp: string, limit: number): Promise<RefundRow[]> {
  if (limit <= 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        inArray(paymentRefunds.status, ["due", "sending"]),
        or(isNull(paymentRefunds.nextAttemptAt), lte(paymentRefunds.nextAttemptAt, stamp)),
      ),
    )
    .orderBy(sql`coalesce(${paymentRefunds.nextAttemptAt}, ${paymentRefunds.createdAt})`, asc(paymentRefunds.id))
    .limit(limit);
}

export function refundsPending(db: Database, limit: number): Promise<RefundRow[]> {
  if (limit <= 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.status, "pending"))
    .orderBy(sql`coalesce(${paymentRefunds.updatedAt}, ${paymentRefunds.createdAt})`, asc(paymentRefunds.id))
    .limit(limit);
}

/** Orders of the last days past the callback's grace: never asked first (newest first), then the least recently asked. */
export function recentOrders(db: Database, provider: PaymentProvider, now: Date, limit: number): Promise<PaymentOrderRow[]> {
  if (limit <= 0) return Promise.resolve([]);
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000).toISOString();
  const settled = new Date(now.getTime() - SETTLE_GRACE_MS).toISOString();
  const askedRecently = new Date(now.getTime() - ASK_AGAIN_AFTER_MS).toISOString();
  const order = [sql`${paymentOrders.reconciledAt} is not null`, asc(paymentOrders.reconciledAt), desc(paymentOrders.id)];
  // The ids chosen from the index (created_at, provider, reconciled_at) first, then only their rows (issue 44).
  const chosen = db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.provider, provider.name),
        gte(paymentOrders.createdAt, since),
        lte(paymentOrders.createdAt, settled),
        or(isNull(paymentOrders.reconciledAt), lt(paymentOrders.reconciledAt, askedRecently)),
      ),
    )
    .orderBy(...order)
    .limit(limit);
  return db
    .select()
    .from(paymentOrders)
    .where(inArray(paymentOrders.id, chosen))
    .orderBy(...order);
}
