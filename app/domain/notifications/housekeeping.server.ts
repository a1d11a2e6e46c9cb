/**
 * A message whose enqueue was lost (the Worker stopped between writing the row and queuing its
 * id, or the queue refused) stays queued; housekeeping puts such rows on the queue again, a
 * bounded number per run, oldest first. One that is merely waiting for its next retry was
 * touched at its last attempt (at most ten minutes ago), so it is left alone.
 */
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notifications } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { enqueueNotices } from "./notify.server";

/** Longer than the longest wait between retries (10 minutes): a row untouched this long was not queued. */
export const LOST_AFTER_MINUTES = 15;
const PER_RUN = 200;

/** Queues again the rows left queued for too long; answers how many. */
export async function requeueLostNotices(env: AppEnv, db: Database, now = new Date(), limit = PER_RUN): Promise<number> {
  const cutoff = new Date(now.getTime() - LOST_AFTER_MINUTES * 60_000).toISOString();
  const lost = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, "queued"),
        lt(notifications.createdAt, cutoff),
        lt(notifications.updatedAt, cutoff),
        or(isNull(notifications.claimedUntil), lt(notifications.claimedUntil, now.toISOString())),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
  // Touched now, in the statement that picks them, so the next run leaves them to the queue.
  const picked = await db
    .update(notifications)
    .set({ updatedAt: now.toISOString() })
    .where(inArray(notifications.id, lost))
    .returning({ id: notifications.id });
  if (picked.length === 0) return 0;
  const ids = picked.map((row) => row.id);
  await enqueueNotices(env, ids);
  return ids.length;
}
