/**
 * The morning digest (06:00 IST, workers/scheduled.ts): each temple whose digest is on is told,
 * on its alert phone and in its staff's language, how many pujas today's day sheet holds and how
 * much prasad waits to be posted, as the desk reads them (`performing.server.ts`). Once per
 * temple and day (the message's dedupe key); a run takes at most `limit` temples and the
 * morning's housekeeping runs take the rest.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { notifications, templeAlerts } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { isLocale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { enqueueNotices, noticeStatements, type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import { ALERT_TO } from "~/domain/notifications/temple-alerts.server";
import { listDaySheet, listDispatch } from "./performing.server";

const PER_RUN = 100;

/** The dedupe key of a temple's digest of `day`. */
export const digestKey = (templeId: number, day: string) => `temple-digest:${templeId}:${day}`;

/** Queues today's digests not yet queued (at most `limit`); answers how many temples were told. */
export async function queueMorningDigests(env: AppEnv, db: Database, now = new Date(), limit = PER_RUN): Promise<number> {
  const today = todayInIndia(now);
  const due = await db
    .select(ALERT_TO)
    .from(templeAlerts)
    .where(
      and(
        eq(templeAlerts.morningDigest, true),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} =
          'temple-digest:' || ${templeAlerts.templeId} || ':' || ${today} || ':sms')`,
      ),
    )
    .orderBy(asc(templeAlerts.templeId))
    .limit(limit);
  const notices: PreparedNotice[] = [];
  for (const temple of due) {
    const [sheet, dispatch] = await Promise.all([listDaySheet(db, temple.templeId, today), listDispatch(db, temple.templeId, today)]);
    notices.push(
      await prepareNotice(env, db, {
        kind: "temple-morning-digest",
        to: { phone: temple.phone, channel: "sms", language: isLocale(temple.language) ? temple.language : "en" },
        params: { date: today, pujas: sheet.filter((line) => !line.cancelled).length, prasad: dispatch.pending.length },
        about: { templeId: temple.templeId },
        dedupeKey: digestKey(temple.templeId, today),
      }),
    );
  }
  if (notices.length === 0) return 0;
  for (let i = 0; i < notices.length; i += 50) await runBatch(db, noticeStatements(db, ...notices.slice(i, i + 50)));
  await enqueueNotices(
    env,
    notices.flatMap((notice) => notice.ids),
  );
  return notices.length;
}
