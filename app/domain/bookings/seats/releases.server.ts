/**
 * A temple's releases in D1 and the checks the booking path makes with them: a date that is
 * not open yet is refused, saying when it opens; during an opening's rush a date of it needs
 * the devotee's pass, given in their session and not yet spent by a checkout. Adding to the
 * cart (the temple site, the legacy addtolist, a package), the desk offering a date for a
 * request, and checkout call these. The waiting room's lookup for a temple's page is here too.
 */
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { paymentOrders, pujaReleases, templePujas, temples } from "~/db/schema";
import { longDate } from "~/domain/text";
import { templeNameShown } from "../records/booked-names.server";
import { type PresentedPass, passAdmits, passHolder, passKey, type ReleasePass, readPass } from "./release-pass.server";
import { indiaDateTime } from "~/lib/india-time";
import { currentLocale, type Locale } from "~/lib/i18n";
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

/** A rush date's need: the pass it takes (`passKey`) and when the rush ends. */
type PassNeed = { key: string; rushEnds: number };
type DayCheck = { refused: string; releaseId: number | null } | { needs: PassNeed | null };

/**
 * Whether `day` can be booked at `now`: not when not open yet, nor in its rush without a valid
 * pass given in this session (`holder`); else the pass it takes, if any. `releaseId` names the
 * room a refused devotee can go to.
 */
function dayCheck(
  rules: readonly ReleaseRule[],
  templePujaId: number,
  day: string,
  customerId: number,
  pass: ReleasePass | null,
  holder: string | null,
  now: number,
): DayCheck {
  const notOpen = notOpenProblem(rules, templePujaId, day, now);
  if (notOpen) return { refused: notOpen, releaseId: null };
  const standing = dayStanding(rules, templePujaId, day, now);
  if (standing.state !== "rush") return { needs: null };
  const need = { releaseId: standing.rule.id, opening: standing.opening, customerId };
  if (!passAdmits(pass, need, now)) return { refused: M.needsPass(longDate(day)), releaseId: need.releaseId };
  if (pass!.holder !== holder) return { refused: M.passElsewhere(longDate(day)), releaseId: need.releaseId };
  return { needs: { key: passKey(need), rushEnds: rushEnd(standing.rule, standing.opening) } };
}

/** The presented pass, read and checked, and the name of the session presenting it. */
async function presentedParts(presented: PresentedPass | undefined) {
  if (!presented) return { pass: null, holder: null };
  const pass = await readPass(presented.secret, presented.token);
  return { pass, holder: pass ? await passHolder(presented.secret, presented.sessionId) : null };
}

/** True when a checkout has spent the pass `key` (an order holds it, whatever became of the order). */
export async function passSpent(db: Database, key: string): Promise<boolean> {
  const rows = await db.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.releasePass, key)).limit(1);
  return rows.length > 0;
}

/** The refusal of a spent pass, saying when anyone may book without one. */
export const passUsedMessage = (need: PassNeed) => M.passUsed(indiaDateTime(need.rushEnds).time);

/**
 * The releases that apply to one puja of a temple (its own and the temple's), by the temple's
 * puja (`templePujaId`) or, as legacy clients name it, the temple and the master puja: a
 * statement for the booking's own read batch, the same rows as `loadReleaseRules`.
 */
export function pujaReleaseRulesQuery(db: Database, puja: { templePujaId?: number; templeId?: number; pujaId?: number }) {
  return puja.templePujaId
    ? releaseRulesByTemplePuja(db, { templePujaId: puja.templePujaId })
    : releaseRulesByTempleAndPuja(db, { templeId: puja.templeId ?? 0, pujaId: puja.pujaId ?? 0 });
}

/** The releases of the temple's pujas `thePuja` names (one), built once per isolate (app/db/prepared.server.ts). */
function releaseRulesOf(db: Database, thePujaIs: SQL | undefined) {
  const thePuja = db.select({ id: templePujas.id }).from(templePujas).where(thePujaIs);
  const itsTemple = db.select({ id: templePujas.templeId }).from(templePujas).where(inArray(templePujas.id, thePuja));
  return db
    .select(releaseRuleColumns)
    .from(pujaReleases)
    .where(
      and(inArray(pujaReleases.templeId, itsTemple), or(isNull(pujaReleases.templePujaId), inArray(pujaReleases.templePujaId, thePuja))),
    )
    .orderBy(asc(pujaReleases.id));
}

const releaseRulesByTemplePuja = preparedStatement((db) => releaseRulesOf(db, eq(templePujas.id, sql.placeholder("templePujaId"))));
const releaseRulesByTempleAndPuja = preparedStatement((db) =>
  releaseRulesOf(db, and(eq(templePujas.templeId, sql.placeholder("templeId")), eq(templePujas.pujaId, sql.placeholder("pujaId")))),
);

/**
 * The release check of adding a puja's dates to the booking list: the first date that is not
 * open yet, or in its opening's rush without the devotee's valid pass (given in this session,
 * not yet spent by a checkout), names the problem.
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
  const { pass, holder } = await presentedParts(presented);
  let needed: { field: string; need: PassNeed } | null = null;
  for (const [index, day] of booking.dates.entries()) {
    const check = dayCheck(rules, booking.templePujaId, day, booking.customerId, pass, holder, now);
    if ("refused" in check) return { field: `dates[${index}]`, message: check.refused };
    if (check.needs && !needed) needed = { field: `dates[${index}]`, need: check.needs };
  }
  if (needed && (await passSpent(db, needed.need.key))) return { field: needed.field, message: passUsedMessage(needed.need) };
  return null;
}

type CheckoutLine = { itemType: string; templeId: number; templePujaId: number | null; pujaDate: string | null };

export type CheckoutRelease =
  /** `pass`: what the checkout spends, when the cart holds dates in their rush. */
  | { ok: true; pass: PassNeed | null }
  /** `room`: the waiting room to send the devotee to, when a pass from it would let them on. */
  | { ok: false; message: string; room: { slug: string; releaseId: number } | null };

/**
 * The same check over a cart at checkout: the first puja line whose date is not open, or needs
 * a pass this session does not hold, names it; else the pass the checkout spends, if any
 * (whether it is spent already is checkout's to judge: its own open order may hold it).
 */
export async function checkoutRelease(
  db: Database,
  customerId: number,
  lines: readonly CheckoutLine[],
  presented: PresentedPass | undefined,
  now = Date.now(),
): Promise<CheckoutRelease> {
  const pujaLines = lines.filter((line) => line.itemType === "PUJA" && line.templePujaId !== null && line.pujaDate);
  const rules = await loadReleaseRules(db, [...new Set(pujaLines.map((line) => line.templeId))]);
  if (rules.length === 0) return { ok: true, pass: null };
  const { pass, holder } = await presentedParts(presented);
  let needed: PassNeed | null = null;
  for (const line of pujaLines) {
    const own = rules.filter((rule) => rule.templeId === line.templeId);
    const check = dayCheck(own, line.templePujaId!, line.pujaDate!, customerId, pass, holder, now);
    if ("refused" in check) {
      const slug = check.releaseId === null ? undefined : await templeSlug(db, line.templeId);
      const room = slug && check.releaseId !== null ? { slug, releaseId: check.releaseId } : null;
      return { ok: false, message: check.refused, room };
    }
    needed ??= check.needs;
  }
  return { ok: true, pass: needed };
}

/** The release check over a package's lines before they go into the cart: the refusal, or null. */
export async function linesReleaseProblem(
  db: Database,
  customerId: number,
  lines: readonly CheckoutLine[],
  presented: PresentedPass | undefined,
  now = Date.now(),
): Promise<string | null> {
  const released = await checkoutRelease(db, customerId, lines, presented, now);
  return released.ok ? null : released.message;
}

async function templeSlug(db: Database, templeId: number) {
  const [row] = await db.select({ slug: temples.slug }).from(temples).where(eq(temples.id, templeId)).limit(1);
  return row?.slug;
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
 * The one read of `findWaitingRoom`: the releases at the temple `slug` (`releaseId`'s alone when
 * given), with the temple's name in the page's language. A statement, so a caller can send it in a
 * batch it makes anyway (the arrival's, beside the session's customer).
 */
export function waitingRoomRulesQuery(db: Database, slug: string, releaseId: number | null, locale: Locale = currentLocale()) {
  const key = `${locale}:${releaseId === null ? "any" : "one"}`;
  let statement = waitingRoomRules.get(key);
  if (!statement) waitingRoomRules.set(key, (statement = waitingRoomRulesIn(locale, releaseId !== null)));
  return statement(db, releaseId === null ? { slug } : { slug, releaseId });
}

/**
 * `waitingRoomRulesQuery`'s statement in one language, of one release or all: built once per
 * isolate (a waiting page is asked in bursts).
 */
const waitingRoomRulesIn = (locale: Locale, one: boolean) =>
  preparedStatement((db) =>
    db
      .select({ ...releaseRuleColumns, slug: temples.slug, displayName: templeNameShown("display_name_shown", locale) })
      .from(pujaReleases)
      .innerJoin(temples, eq(temples.id, pujaReleases.templeId))
      .where(and(eq(temples.slug, sql.placeholder("slug")), one ? eq(pujaReleases.id, sql.placeholder("releaseId")) : undefined)),
  );
const waitingRoomRules = new Map<string, ReturnType<typeof waitingRoomRulesIn>>();

export type WaitingRoomRule = Awaited<ReturnType<typeof waitingRoomRulesQuery>>[number];
export type FoundWaitingRoom = NonNullable<ReturnType<typeof waitingRoomOf>>;

/** Of the rows `waitingRoomRulesQuery` read, the room open at `now` whose opening comes first; null when none is. */
export function waitingRoomOf(rows: readonly WaitingRoomRule[], now: number) {
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

/**
 * The waiting room open now at a temple (by its address): `releaseId`'s when given, else the
 * one whose opening comes first. Null when the temple has none open.
 */
export async function findWaitingRoom(db: Database, slug: string, releaseId: number | null, now = Date.now()) {
  // One read: the temple's releases with the temple's name in the page's language (a waiting page is asked in bursts).
  return waitingRoomOf(await waitingRoomRulesQuery(db, slug, releaseId), now);
}
