/**
 * The evening before a booked puja (18:00 IST, workers/scheduled.ts), each devotee whose
 * reminders are on is told of each of tomorrow's pujas they booked, once per line and day (the
 * message's dedupe key), in their language, with the puja and temple named in it. A run takes
 * at most `limit` lines; the next run (the cron, then housekeeping until midnight) takes the rest.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { customers, notifications, templePujas, temples, transactionLines, transactions } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { todayInIndia } from "~/lib/india-time";
import { localizePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { addDays } from "~/domain/days";
import { enqueueNotices, noticeStatements, type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import { DEVOTEE_CONTACT } from "~/domain/notifications/recipients.server";
import { pujaNameIn, templeNameIn } from "./booked-names.server";

const PER_RUN = 200;

/** The dedupe key of a line's reminder for `day`. */
export const pujaEveKey = (lineId: number, day: string) => `puja-eve:${lineId}:${day}`;

/** Queues tomorrow's reminders not yet queued (at most `limit`); answers how many lines were reminded. */
export async function queuePujaEveReminders(env: AppEnv, db: Database, now = new Date(), limit = PER_RUN): Promise<number> {
  const tomorrow = addDays(todayInIndia(now), 1);
  const lines = await db
    .select({
      lineId: transactionLines.id,
      templeId: transactionLines.templeId,
      devoteeName: transactionLines.devoteeName,
      trackingNo: transactions.trackingNo,
      pujaName: pujaNameIn(customers.language, templePujas.pujaId, transactionLines.itemName, "puja_name_in"),
      templeName: templeNameIn(customers.language, "temple_name_in"),
      ...DEVOTEE_CONTACT,
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(customers, eq(customers.id, transactions.customerId))
    .innerJoin(temples, eq(temples.id, transactionLines.templeId))
    .leftJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
    .where(
      and(
        eq(transactionLines.itemType, "PUJA"),
        eq(transactionLines.pujaDate, tomorrow),
        eq(transactionLines.pujaStatus, "booked"),
        eq(transactions.status, 0),
        isNull(transactions.deletedAt),
        eq(customers.remindersOptIn, true),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} =
          'puja-eve:' || ${transactionLines.id} || ':' || ${tomorrow} || ':email')`,
      ),
    )
    .orderBy(transactionLines.id)
    .limit(limit);
  if (lines.length === 0) return 0;
  const origin = env.config.PUBLIC_ORIGIN ? new URL(env.config.PUBLIC_ORIGIN).origin : null;
  const notices: PreparedNotice[] = [];
  for (const line of lines) {
    const { lineId, templeId, devoteeName, trackingNo, pujaName, templeName, ...devotee } = line;
    notices.push(
      await prepareNotice(env, db, {
        kind: "puja-eve-reminder",
        to: { devotee },
        params: { pujaName, templeName, devoteeName, date: tomorrow },
        link: origin
          ? () => ({ href: `${origin}${localizePath("/account?tab=transactions")}`, label: m.emails_see_bookings() })
          : undefined,
        about: { trackingNo, templeId, lineId },
        dedupeKey: pujaEveKey(lineId, tomorrow),
      }),
    );
  }
  // A few notices per batch: each is a statement or two, and a batch stays small.
  for (let i = 0; i < notices.length; i += 50) await runBatch(db, noticeStatements(db, ...notices.slice(i, i + 50)));
  await enqueueNotices(
    env,
    notices.flatMap((notice) => notice.ids),
  );
  return lines.length;
}
