/**
 * Housekeeping rolls up yesterday (issue 44), so a page rarely pays for summing a day: the ledger's day (all temples),
 * and the day of each temple whose statement was read in the last weeks (it has rolled-up days of them). A page still
 * rolls up whatever is missing when it reads; this only does it ahead, a bounded number of temples a run.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { batchSql } from "~/db/sql-batch.server";
import { addDays } from "~/domain/bookings/dates";
import { todayInIndia } from "~/lib/india-time";
import { rollUpTempleDays } from "./day-rollups.server";
import { rollUpLedgerDays } from "./ledger-payments.server";

/** Temples a run rolls up (two statements each in one batch); the next run (minutes later) takes the rest. */
const TEMPLES_PER_RUN = 50;
/** A temple whose statement was read within this many days has yesterday rolled up ahead. */
const READ_WITHIN_DAYS = 35;

export async function rollUpYesterday(db: Database, now: Date) {
  const yesterday = addDays(todayInIndia(now), -1);
  const temples = await db.all<{ templeId: number }>(sql`select distinct temple_id as templeId from settlement_days
    where day >= ${addDays(yesterday, -READ_WITHIN_DAYS)} and day < ${yesterday}
      and temple_id not in (select temple_id from settlement_days where day = ${yesterday})
    limit ${TEMPLES_PER_RUN}`);
  await batchSql(db, [
    rollUpLedgerDays(yesterday, yesterday),
    ...temples.flatMap(({ templeId }) => rollUpTempleDays(templeId, yesterday, yesterday)),
  ]);
  return { temples: temples.length };
}
