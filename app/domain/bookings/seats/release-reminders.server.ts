/**
 * "Bookings for January open tomorrow at 10:00 IST": a devotee may ask to be reminded of a
 * temple's fixed release; the evening before it opens (18:00 IST, workers/scheduled.ts) each
 * of them whose reminders are on is told once (the message's dedupe key), in their language.
 * Rolling releases open a date every day and have no such eve.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { customers, notifications, pujaReleases, releaseReminders, temples } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { indiaDateTime, indiaInstant, todayInIndia } from "~/lib/india-time";
import { addDays } from "~/domain/days";
import { enqueueNotices, noticeStatements, type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import { DEVOTEE_CONTACT } from "~/domain/notifications/recipients.server";
import { templeNameIn } from "../records/booked-names.server";

const PER_RUN = 200;

/** Asks for a reminder of release `releaseId` (asking twice keeps one); false when there is no such fixed release. */
export async function askReleaseReminder(db: Database, customerId: number, releaseId: number): Promise<boolean> {
  const [release] = await db
    .select({ id: pujaReleases.id })
    .from(pujaReleases)
    .where(and(eq(pujaReleases.id, releaseId), eq(pujaReleases.kind, "fixed")))
    .limit(1);
  if (!release) return false;
  await db.insert(releaseReminders).values({ customerId, releaseId }).onConflictDoNothing();
  return true;
}

/** Whether the devotee asked to be reminded of this release. */
export async function asksReleaseReminder(db: Database, customerId: number, releaseId: number): Promise<boolean> {
  const [row] = await db
    .select({ releaseId: releaseReminders.releaseId })
    .from(releaseReminders)
    .where(and(eq(releaseReminders.customerId, customerId), eq(releaseReminders.releaseId, releaseId)))
    .limit(1);
  return Boolean(row);
}

/** The dedupe key of a devotee's reminder of a release. */
export const releaseReminderKey = (releaseId: number, customerId: number) => `release:${releaseId}:${customerId}`;

/** Queues the reminders of the fixed releases that open tomorrow (India's day), not yet queued; answers how many. */
export async function queueReleaseReminders(env: AppEnv, db: Database, now = new Date(), limit = PER_RUN): Promise<number> {
  const tomorrow = addDays(todayInIndia(now), 1);
  const [from, to] = [
    new Date(indiaInstant(tomorrow, "00:00")).toISOString(),
    new Date(indiaInstant(addDays(tomorrow, 1), "00:00")).toISOString(),
  ];
  const asked = await db
    .select({
      releaseId: pujaReleases.id,
      templeId: pujaReleases.templeId,
      opensAt: pujaReleases.opensAt,
      firstDay: pujaReleases.firstDay,
      templeName: templeNameIn(customers.language, "temple_name_in"),
      ...DEVOTEE_CONTACT,
    })
    .from(releaseReminders)
    .innerJoin(pujaReleases, eq(pujaReleases.id, releaseReminders.releaseId))
    .innerJoin(customers, eq(customers.id, releaseReminders.customerId))
    .innerJoin(temples, eq(temples.id, pujaReleases.templeId))
    .where(
      and(
        eq(pujaReleases.kind, "fixed"),
        gte(pujaReleases.opensAt, from),
        lt(pujaReleases.opensAt, to),
        eq(customers.remindersOptIn, true),
        sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} =
          'release:' || ${pujaReleases.id} || ':' || ${customers.id} || ':email')`,
      ),
    )
    .limit(limit);
  const notices: PreparedNotice[] = [];
  for (const row of asked) {
    const { releaseId, templeId, opensAt, firstDay, templeName, ...devotee } = row;
    if (!opensAt || !firstDay) continue;
    notices.push(
      await prepareNotice(env, db, {
        kind: "release-reminder",
        to: { devotee },
        params: { templeName, month: firstDay.slice(0, 7), time: indiaDateTime(Date.parse(opensAt)).time },
        about: { templeId },
        dedupeKey: releaseReminderKey(releaseId, devotee.customerId),
      }),
    );
  }
  for (let i = 0; i < notices.length; i += 50) await runBatch(db, noticeStatements(db, ...notices.slice(i, i + 50)));
  await enqueueNotices(
    env,
    notices.flatMap((notice) => notice.ids),
  );
  return notices.length;
}
