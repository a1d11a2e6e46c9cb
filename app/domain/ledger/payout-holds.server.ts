/**
 * Releasing a puja's held money to the temple: when the desk marks the puja performed (reason
 * `performed`), or on its hold_until day (reason `time`), whichever comes first. A transfer
 * Razorpay made is released by PATCH on_hold=false; one not made yet is simply sent unheld. A
 * release asked while its transfer is being sent waits for the sender's answer: the reason is
 * written at once (`release_reason` with no `released_at`), and the next pass releases it.
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payoutTransfers } from "~/db/schema";
import type { RazorpayRoute } from "~/lib/payments/razorpay-route.server";
import { todayInIndia } from "~/lib/india-time";

export type ReleaseReason = "performed" | "time";

/** The desk marked these lines' pujas performed: their transfers are to be released (the first reason stays). */
export async function askRelease(db: Database, lineIds: readonly number[], reason: ReleaseReason, now = new Date()) {
  if (lineIds.length === 0) return;
  await db
    .update(payoutTransfers)
    .set({ releaseReason: reason, updatedAt: now.toISOString() })
    .where(
      and(
        inArray(payoutTransfers.transactionLineId, [...lineIds].slice(0, 90)),
        eq(payoutTransfers.onHold, true),
        isNull(payoutTransfers.releaseReason),
      ),
    );
}

/**
 * The held transfers to release, first due first. Issue 44: read from the partial index of held transfers
 * (`payout_transfers_held`, a few thousand rows), never through the status index's million processed ones:
 * `on_hold = 1` is written as a literal (a bound parameter cannot select a partial index) and `+status`
 * keeps SQLite from preferring the status index.
 */
export function heldTransfersDue(db: Database, now: Date, options: { lineIds?: readonly number[]; byTime?: boolean; limit?: number } = {}) {
  const due = or(isNotNull(payoutTransfers.releaseReason), options.byTime ? lte(payoutTransfers.holdUntil, todayInIndia(now)) : undefined);
  return db
    .select()
    .from(payoutTransfers)
    .where(
      and(
        sql`${payoutTransfers.onHold} = 1`,
        due,
        sql`+${payoutTransfers.status} in ('due', 'failed', 'created', 'processed')`,
        options.lineIds ? inArray(payoutTransfers.transactionLineId, [...options.lineIds].slice(0, 90)) : undefined,
      ),
    )
    .orderBy(payoutTransfers.holdUntil)
    .limit(options.limit ?? 40);
}

/**
 * Releases held transfers whose release was asked (or, with `byTime`, whose hold_until day has
 * come), at most `limit` Route calls; `lineIds` limits it to some lines. Answers how many were released.
 */
export async function releaseHeldTransfers(
  db: Database,
  route: RazorpayRoute,
  now = new Date(),
  options: { lineIds?: readonly number[]; byTime?: boolean; limit?: number } = {},
): Promise<number> {
  const stamp = now.toISOString();
  const rows = await heldTransfersDue(db, now, options);
  let released = 0;
  for (const row of rows) {
    const reason = row.releaseReason ?? "time";
    const unchanged = and(eq(payoutTransfers.id, row.id), eq(payoutTransfers.status, row.status), eq(payoutTransfers.onHold, true));
    const done = { onHold: false, releasedAt: stamp, releaseReason: reason, updatedAt: stamp };
    // Not made at Razorpay yet (or failed): nothing is held there; it is sent unheld.
    if (!row.transferRef || row.status === "due" || row.status === "failed") {
      await db.update(payoutTransfers).set(done).where(unchanged);
      released += 1;
      continue;
    }
    try {
      await route.setTransferHold(row.transferRef, false);
      await db.update(payoutTransfers).set(done).where(unchanged);
      released += 1;
    } catch (error) {
      console.warn("A held transfer was not released, to be retried:", error instanceof Error ? error.message : "unknown error");
      await db
        .update(payoutTransfers)
        .set({ releaseReason: reason, lastError: sql`'Release: ' || ${error instanceof Error ? error.message.slice(0, 150) : "failed"}` })
        .where(unchanged);
    }
  }
  return released;
}
