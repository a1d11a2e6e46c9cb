/**
 * A temple's alerts of new work (issue 41), to the phone its staff set on the desk, in the
 * language they set it in, with the pujas named in it: each paid booking tells each of its
 * temples whose new-booking alerts are on (tracking number, pujas, first day), once per order
 * and temple (dedupe key), after the booking has committed; a devotee's requests of an "on
 * request" puja tell the temple in the batch that stores them. An alert that cannot be written
 * is logged and the booking or request stands: the desk's lists show them either way.
 */
import { and, asc, eq } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { pujas, templeAlerts, templePujas, transactionLines, transactions } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { isLocale, type Locale } from "~/lib/i18n";
import { enqueueNotices, noticeStatements, type PreparedNotice, prepareNotice } from "~/domain/notifications/notify.server";
import { ALERT_TO, alertsOn } from "~/domain/notifications/temple-alerts.server";
import { pujaNameIn } from "../records/booked-names.server";

/** Pujas an alert names before "+N" (an SMS stays short). */
const NAMED_PUJAS = 3;

const alertLanguage = (language: string): Locale => (isLocale(language) ? language : "en");

/** The dedupe key of a booking's alert to one temple. */
export const bookingAlertKey = (orderId: number, templeId: number) => `temple-booking:${orderId}:${templeId}`;

function namedPujas(names: string[]): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, NAMED_PUJAS).join(", ");
  return unique.length > NAMED_PUJAS ? `${shown} +${unique.length - NAMED_PUJAS}` : shown;
}

/**
 * The paid booking's alerts to its temples (its puja lines; a donation alone alerts nobody),
 * written and queued; answers how many temples were told.
 */
export async function alertTemplesOfBooking(env: AppEnv, db: Database, booking: { orderId: number; trackingNo: string }) {
  try {
    const lines = await db
      .select({
        ...ALERT_TO,
        pujaDate: transactionLines.pujaDate,
        pujaName: pujaNameIn(templeAlerts.language, templePujas.pujaId, transactionLines.itemName, "puja_name_in"),
      })
      .from(transactionLines)
      .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
      .innerJoin(templeAlerts, alertsOn(transactionLines.templeId, "newBookings"))
      .leftJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
      .where(and(eq(transactions.trackingNo, booking.trackingNo), eq(transactionLines.itemType, "PUJA")))
      .orderBy(asc(transactionLines.pujaDate), asc(transactionLines.id));
    const byTemple = new Map<number, typeof lines>();
    for (const line of lines) byTemple.set(line.templeId, [...(byTemple.get(line.templeId) ?? []), line]);
    const notices: PreparedNotice[] = [];
    for (const [templeId, ofTemple] of byTemple) {
      const [first] = ofTemple;
      notices.push(
        await prepareNotice(env, db, {
          kind: "temple-new-booking",
          to: { phone: first!.phone, channel: "sms", language: alertLanguage(first!.language) },
          params: { trackingNo: booking.trackingNo, pujas: namedPujas(ofTemple.map((line) => line.pujaName)), date: first!.pujaDate! },
          about: { trackingNo: booking.trackingNo, templeId },
          dedupeKey: bookingAlertKey(booking.orderId, templeId),
        }),
      );
    }
    if (notices.length === 0) return 0;
    await runBatch(db, noticeStatements(db, ...notices));
    await enqueueNotices(
      env,
      notices.flatMap((notice) => notice.ids),
    );
    return notices.length;
  } catch (error) {
    console.error("temple-new-booking message not sent:", error instanceof Error ? error.message : "unknown error");
    return 0;
  }
}

/**
 * The alert of a devotee's new requests of one puja (`requests`: devotees × dates, first on
 * `dates[0]`), to write in the batch that stores them; null when the temple's alerts are off.
 */
export async function prepareRequestAlert(
  env: AppEnv,
  db: Database,
  request: { templeId: number; templePujaId: number; dates: readonly string[]; requests: number },
): Promise<PreparedNotice | null> {
  const [alert] = await db
    .select({ ...ALERT_TO, pujaName: pujaNameIn(templeAlerts.language, templePujas.pujaId, pujas.name, "puja_name_in") })
    .from(templeAlerts)
    .innerJoin(templePujas, eq(templePujas.id, request.templePujaId))
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(alertsOn(request.templeId, "newBookings"))
    .limit(1);
  if (!alert) return null;
  const first = [...request.dates].sort()[0]!;
  return prepareNotice(env, db, {
    kind: "temple-new-request",
    to: { phone: alert.phone, channel: "sms", language: alertLanguage(alert.language) },
    params: { pujaName: alert.pujaName, date: first, requests: request.requests },
    about: { templeId: request.templeId },
  });
}
