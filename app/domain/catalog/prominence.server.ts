/** Writes temples' prominence (prominence.ts says how it is made): housekeeping for all, an operator's change for one. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { prominenceRefreshSql, prominenceSince } from "./prominence";

/** Sets the prominence of every temple (or one) from its weight and the last 90 days; returns how many changed. */
export async function refreshProminence(db: Database, now = new Date(), templeId?: number): Promise<number> {
  const result = await db.run(sql.raw(prominenceRefreshSql(prominenceSince(now), templeId)));
  return result.meta.changes ?? 0;
}
