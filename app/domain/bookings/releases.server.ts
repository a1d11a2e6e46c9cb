/**
 * A temple's releases in D1 and the checks the booking path makes with them: a date that is
 * not open yet is refused, saying when it opens; during an opening's rush a date of it needs
 * the devotee's pass. Adding to the cart (the temple site, the legacy addtolist, a package),
 * the desk offering a date for a request, and checkout call these. The waiting room's lookup for a temple's page is here too.
 */
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaReleases, templePujas, temples } from "~/db/schema";
import { longDate } from "~/domain/text";
import { type PresentedPass, passAdmits, type ReleasePass, readPass } from "./release-pass.server";
import { indiaDateTime } from "~/lib/india-time";
import {
  dayStanding,
  lobbyStart,
  nextOpening,
  RELEASE_MESSAGES as M,
  type ReleaseNotice,
  type ReleaseRule,
  roomOpening,
  rushEnd,
} from "./releases";
import type { RoomConfig } from "./waiting-room";

/** A release rule's columns (the desk's list reads them too). */
export const releaseRuleColumns = {
  id: pujaReleases.id,
  templeId: pujaReleases.templeId,
  templePujaId: pujaReleases.templePujaId,
  kind: pujaReleases.kind,
  daysAhead: pujaReleases.daysAhead,
  openTime: pujaReleases.openTime,
  firstDay: pujaReleases.firstDay,
  lastDay: pujaReleases.lastDay,
  opensAt: pujaReleases.opensAt,
  admission: pujaReleases.admission,
  admitPerMinute: pujaReleases.admitPerMinute,
  lobbyMinutes: pujaReleases.lobbyMinutes,
  rushMinutes: pujaReleases.rushMinutes,
  passMinutes: pujaReleases.passMinutes,
};

/** The releases of some temples (of one puja and the temple's own, when `templePujaId` is given). */
export function loadReleaseRules(db: Database, templeIds: readonly number[], templePujaId?: number): Promise<ReleaseRule[]> {
  if (templeIds.length === 0) return Promise.resolve([]);
  const puja = templePujaId === undefined ? undefined : or(isNull(pujaReleases.templePujaId), eq(pujaReleases.templePujaId, templePujaId));
  return db
    .select(releaseRuleColumns)
    .from(pujaReleases)
    .where(and(inArray(pujaReleases.templeId, [...templeIds]), puja))
    .orderBy(asc(pujaReleases.id));
}

/** Why `day` cannot be booked at `now` because it is not open yet (saying when it opens), or null. */
function notOpenProblem(rules: readonly ReleaseRule[], templePujaId: number, day: string, now: number) {
  const standing = dayStanding(rules, templePujaId, day, now);
  if (standing.state !== "closed") return null;
  const opens = indiaDateTime(standing.opening);
  return M.notOpen(longDate(day), longDate(opens.day), opens.time);
}

/** Why `day` cannot be booked at `now` without more (not open yet; in its rush without a valid pass), or null. */
function dayProblem(
  rules: readonly ReleaseRule[],
  templePujaId: number,
  day: string,
  customerId: number,
  pass: ReleasePass | null,
  now: number,
) {
  const notOpen = notOpenProblem(rules, templePujaId, day, now);
  if (notOpen) return notOpen;
  const standing = dayStanding(rules, templePujaId, day, now);
  if (standing.state === "rush") {
    const need = { releaseId: standing.rule.id, opening: standing.opening, customerId };
    if (!passAdmits(pass, need, now)) return M.needsPass(longDate(day));
  }
  return null;
}

/**
 * The releases that apply to one puja of a temple (its own and the temple's), by the temple's
 * puja (`templePujaId`) or, as legacy clients name it, the temple and the master puja: a
 * statement for the booking's own read batch, the same rows as `loadReleaseRules`.
 */
export function pujaReleaseRulesQuery(db: Database, puja: { templePujaId?: number; templeId?: number; pujaId?: number }) {
  const thePuja = puja.templePujaId
    ? db.select({ id: templePujas.id }).from(templePujas).where(eq(templePujas.id, puja.templePujaId))
    : db
        .select({ id: templePujas.id })
        .from(templePujas)
        .where(and(eq(templePujas.templeId, puja.templeId ?? 0), eq(templePujas.pujaId, puja.pujaId ?? 0)));
  const itsTemple = db.select({ id: templePujas.templeId }).from(templePujas).where(inArray(templePujas.id, thePuja));
  return db
    .select(releaseRuleColumns)
    .from(pujaReleases)
    .where(
      and(inArray(pujaReleases.templeId, itsTemple), or(isNull(pujaReleases.templePujaId), inArray(pujaReleases.templePujaId, thePuja))),
    )
    .orderBy(asc(pujaReleases.id));
}

/**
 * The release check of adding a puja's dates to the booking list: the first date that is not
 * open yet, or in its opening's rush without the devotee's valid pass, names the problem.
 * `known`: the puja's rules when the caller read them already (`pujaReleaseRulesQuery`).
 */
export async function releaseProblem(
  db: Database,
  booking: { templeId: number; templePujaId: number; customerId: number; dates: readonly string[] },
  presented: PresentedPass | undefined,
  now = Date.now(),
  known?: readonly ReleaseRule[],
): Promise<{ field: string; message: string } | null> {
  const rules = known ?? (await loadReleaseRules(db, [booking.templeId], booking.templePujaId));
  if (rules.length === 0) return null;
  const pass = presented ? await readPass(presented.secret, presented.token) : null;
  for (const [index, day] of booking.dates.entries()) {
    const message = dayProblem(rules, booking.templePujaId, day, booking.customerId, pass, now);
    if (message) return { field: `dates[${index}]`, message };
  }
  return null;
}

type CheckoutLine = { itemType: string; templeId: number; templePujaId: number | null; pujaDate: string | null };

/**
 * The same check over cart lines (a cart at checkout, a package's lines before they go into
 * it): the first puja line whose date is not open, or needs a pass, names it.
 */
export async function linesReleaseProblem(
  db: Database,
  customerId: number,
  lines: readonly CheckoutLine[],
  presented: PresentedPass | undefined,
  now = Date.now(),
): Promise<string | null> {
  const pujaLines = lines.filter((line) => line.itemType === "PUJA" && line.templePujaId !== null && line.pujaDate);
  const rules = await loadReleaseRules(db, [...new Set(pujaLines.map((line) => line.templeId))]);
  if (rules.length === 0) return null;
  const pass = presented ? await readPass(presented.secret, presented.token) : null;
  for (const line of pujaLines) {
    const own = rules.filter((rule) => rule.templeId === line.templeId);
    const message = dayProblem(own, line.templePujaId!, line.pujaDate!, customerId, pass, now);
    if (message) return message;
  }
  return null;
}

/**
 * The check of a date the desk offers for a request: refused, with the temple site's words,
 * while it is not open yet. Its opening's rush is the devotee's to pass, with their own pass,
 * when they check out.
 */
export async function offeredDateProblem(
  db: Database,
  puja: { templeId: number; templePujaId: number },
  day: string,
  now = Date.now(),
): Promise<string | null> {
  const rules = await loadReleaseRules(db, [puja.templeId], puja.templePujaId);
  return notOpenProblem(rules, puja.templePujaId, day, now);
}

/** The notices of the temple at `slug` (one read, beside the site's own). */
export async function templeReleaseNotices(db: Database, slug: string, now = Date.now()): Promise<ReleaseNotice[]> {
  const rules = await db
    .select(releaseRuleColumns)
    .from(pujaReleases)
    .innerJoin(temples, eq(temples.id, pujaReleases.templeId))
    .where(eq(temples.slug, slug))
    .orderBy(asc(pujaReleases.id));
  return rules.flatMap((rule) => {
    const opening = roomOpening(rule, now);
    const opens = nextOpening(rule, now);
    if (opening === null && opens === null) return [];
    const room = opening === null ? null : { opening, rushEnds: rushEnd(rule, opening) };
    const { id: releaseId, templePujaId, kind, admission, daysAhead, firstDay, lastDay } = rule;
    return [{ releaseId, templePujaId, kind, admission, daysAhead, firstDay, lastDay, opens, room }];
  });
}

/** The room a release's opening keeps, as the object is told on a devotee's visit. */
export function roomConfig(rule: ReleaseRule, opening: number): RoomConfig {
  return {
    releaseId: rule.id,
    opening,
    lobbyOpens: lobbyStart(rule, opening),
    rushEnds: rushEnd(rule, opening),
    admitPerMinute: rule.admitPerMinute,
    admission: rule.admission,
    passMinutes: rule.passMinutes,
  };
}

/**
 * The waiting room open now at a temple (by its address): `releaseId`'s when given, else the
 * one whose opening comes first. Null when the temple has none open.
 */
export async function findWaitingRoom(db: Database, slug: string, releaseId: number | null, now = Date.now()) {
  // One read: the temple's releases with the temple's name (a waiting page is asked in bursts).
  const rows = await db
    .select({ ...releaseRuleColumns, slug: temples.slug, displayName: temples.displayName })
    .from(pujaReleases)
    .innerJoin(temples, eq(temples.id, pujaReleases.templeId))
    .where(and(eq(temples.slug, slug), releaseId === null ? undefined : eq(pujaReleases.id, releaseId)));
  const rooms = rows
    .flatMap((rule) => {
      const opening = roomOpening(rule, now);
      return opening === null ? [] : [{ rule, opening }];
    })
    .sort((a, b) => a.opening - b.opening);
  const room = rooms[0];
  if (!room) return null;
  const temple = { id: room.rule.templeId, slug: room.rule.slug, displayName: room.rule.displayName };
  return { temple, rule: room.rule, opening: room.opening, config: roomConfig(room.rule, room.opening) };
}
