/**
 * Whether an opening of a release has any seat left to give online (issue 44): once the booking
 * path tells a devotee the date is full, the waiting room asks this, and when every day the
 * opening releases is taken it lets nobody more in (those waiting keep their places) until the
 * first seat held for a payment runs out. Only a release of one limited puja over a few days can
 * be told full; any other (a temple's every puja, an unlimited day) never is.
 */
import { and, eq, gt, inArray, min } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaReleases, pujaSeats, templePujas } from "~/db/schema";
import { indiaDateTime } from "~/lib/india-time";
import { addDays, offeredOn } from "../dates";
import { capacityOn } from "./capacity";
import { releaseRuleColumns } from "./releases.server";
import { openingOf, type ReleaseRule } from "./releases";
import { leftForChannel, loadCapacities, seatsTakenOn, takenOf } from "./seats.server";

/** The most days of one opening looked at (a fixed release of more is never told full). */
const MOST_DAYS = 40;

/** The days `rule` opens at `opening` on which the puja is offered, or null when they are too many to look at. */
function daysOpened(rule: ReleaseRule, opening: number, daysOffered: string): string[] | null {
  const first = rule.kind === "fixed" ? rule.firstDay : addDays(indiaDateTime(opening).day, rule.daysAhead ?? 0);
  const last = rule.kind === "fixed" ? rule.lastDay : first;
  if (!first || !last) return null;
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (days.length === MOST_DAYS) return null;
    if (offeredOn(daysOffered, day) && openingOf(rule, day) === opening) days.push(day);
  }
  return days;
}

/**
 * Null while the opening `releaseId`/`opening` has a seat left online (or cannot be told full);
 * else when the first seat held for a payment on its days runs out (`heldUntil`, epoch ms; null
 * when every seat is booked).
 */
export async function openingSeatsGone(
  db: Database,
  releaseId: number,
  opening: number,
  now = new Date(),
): Promise<{ heldUntil: number | null } | null> {
  const [found] = await db
    .select({ ...releaseRuleColumns, daysOffered: templePujas.daysOffered })
    .from(pujaReleases)
    .innerJoin(templePujas, eq(templePujas.id, pujaReleases.templePujaId))
    .where(eq(pujaReleases.id, releaseId));
  if (!found?.templePujaId) return null;
  const pujaId = found.templePujaId;
  const days = daysOpened(found, opening, found.daysOffered);
  if (!days?.length) return null;
  const settings = (await loadCapacities(db, [pujaId])).get(pujaId);
  if (!settings || days.some((day) => capacityOn(settings, day) === null)) return null;
  const taken = await seatsTakenOn(
    db,
    days.map((pujaDate) => ({ templePujaId: pujaId, pujaDate })),
    null,
    now,
  );
  if (days.some((day) => (leftForChannel(settings, takenOf(taken, pujaId, day), day, "online") ?? 1) > 0)) return null;
  const [held] = await db
    .select({ first: min(pujaSeats.expiresAt) })
    .from(pujaSeats)
    .where(
      and(
        eq(pujaSeats.templePujaId, pujaId),
        inArray(pujaSeats.pujaDate, days),
        eq(pujaSeats.kind, "held"),
        gt(pujaSeats.expiresAt, now.toISOString()),
      ),
    );
  return { heldUntil: held?.first ? Date.parse(held.first) : null };
}
