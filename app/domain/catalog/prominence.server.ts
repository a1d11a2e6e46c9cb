/** Writes temples' prominence (prominence.ts says how it is made): housekeeping for all, an operator's change for one. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { countBookingDaysSql, prominenceRefreshSql, prominenceWindow } from "./prominence";

/**
 * Closed days a run counts besides those already counted (newest first): one a day in the steady state; a state whose
 * days were never counted (or a day unmarked by a late change) catches up this many a run, the rest counted live.
 */
export const DAYS_COUNTED_PER_RUN = 7;

/**
 * Sets the prominence of every temple (or one) from its weight and the last 90 days; returns how many changed. The run
 * for all temples first counts the closed days not counted yet (a bounded number); one temple's (an operator's change)
 * counts none ahead and counts the rest of its window live.
 */
export async function refreshProminence(db: Database, now = new Date(), templeId?: number): Promise<number> {
  const window = prominenceWindow(now);
  const first = window.closedDays[0]!;
  const counted = new Set(
    (await db.all<{ day: string }>(sql`select day from booking_days where day >= ${first} and day < ${window.today}`)).map(
      (row) => row.day,
    ),
  );
  const toCount =
    templeId === undefined
      ? window.closedDays
          .filter((day) => !counted.has(day))
          .reverse()
          .slice(0, DAYS_COUNTED_PER_RUN)
      : [];
  // The counted days are counted again in the batch if a change unmarked them since the read: the sum never misses one.
  const days = [...counted, ...toCount];
  const statements = [...countBookingDaysSql(days, first), prominenceRefreshSql(window, days, templeId)];
  const results = await db.$client.batch(statements.map((statement) => db.$client.prepare(statement)));
  return results.at(-1)?.meta.changes ?? 0;
}
