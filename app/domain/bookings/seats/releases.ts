/**
 * When dates open for booking (a temple's releases, issue 25), as pure rules shared by the
 * booking checks, the temple site's notices, the waiting room and the desk's form. Times are
 * India time: a rolling window opens each date `daysAhead` days before it at `openTime`; a
 * fixed release opens firstDay..lastDay at once at `opensAt`.
 */
import { z } from "zod";
import type { PujaRelease } from "~/db/schema";
import { m } from "~/paraglide/messages";
import { dayBetween, wholeNumber } from "~/domain/text-fields";
import { longDate } from "~/domain/text";
import { indiaDateTime, indiaInstant, todayInIndia } from "~/lib/india-time";
import { addDays, isValidDay } from "../dates";

export type ReleaseRule = Pick<
  PujaRelease,
  | "id"
  | "templeId"
  | "templePujaId"
  | "kind"
  | "daysAhead"
  | "openTime"
  | "firstDay"
  | "lastDay"
  | "opensAt"
  | "admission"
  | "admitPerMinute"
  | "lobbyMinutes"
  | "rushMinutes"
  | "passMinutes"
>;

const MINUTE = 60_000;

/** When `day` opens under `rule` (epoch ms), or null when the rule does not release it. */
export function openingOf(rule: ReleaseRule, day: string): number | null {
  if (rule.kind === "fixed") {
    if (!rule.opensAt || !rule.firstDay || !rule.lastDay || day < rule.firstDay || day > rule.lastDay) return null;
    return Date.parse(rule.opensAt);
  }
  if (rule.daysAhead === null || !rule.openTime) return null;
  return indiaInstant(addDays(day, -rule.daysAhead), rule.openTime);
}

/**
 * The release that decides when `day` of a puja opens: the puja's own releases before the
 * temple's, and among those that release the day, the one opening last.
 */
export function releaseOfDay(
  rules: readonly ReleaseRule[],
  templePujaId: number,
  day: string,
): { rule: ReleaseRule; opening: number } | null {
  for (const own of [true, false]) {
    let found: { rule: ReleaseRule; opening: number } | null = null;
    for (const rule of rules) {
      if ((rule.templePujaId === templePujaId) !== own || (!own && rule.templePujaId !== null)) continue;
      const opening = openingOf(rule, day);
      if (opening !== null && (!found || opening > found.opening)) found = { rule, opening };
    }
    if (found) return found;
  }
  return null;
}

export const rushEnd = (rule: ReleaseRule, opening: number) => opening + rule.rushMinutes * MINUTE;
export const lobbyStart = (rule: ReleaseRule, opening: number) => opening - rule.lobbyMinutes * MINUTE;

/** A day's standing at `now`: not open yet, in its opening's rush (a pass is needed), or open to all. */
export type DayStanding = { state: "closed"; opening: number } | { state: "rush"; opening: number; rule: ReleaseRule } | { state: "open" };

export function dayStanding(rules: readonly ReleaseRule[], templePujaId: number, day: string, now: number): DayStanding {
  const found = releaseOfDay(rules, templePujaId, day);
  if (!found) return { state: "open" };
  if (now < found.opening) return { state: "closed", opening: found.opening };
  if (now < rushEnd(found.rule, found.opening)) return { state: "rush", opening: found.opening, rule: found.rule };
  return { state: "open" };
}

/** The opening of `rule` whose waiting room is open at `now` (from its lobby to the end of its rush), or null. */
export function roomOpening(rule: ReleaseRule, now: number): number | null {
  const inWindow = (opening: number) => lobbyStart(rule, opening) <= now && now < rushEnd(rule, opening);
  if (rule.kind === "fixed") {
    const opening = rule.opensAt ? Date.parse(rule.opensAt) : Number.NaN;
    return inWindow(opening) ? opening : null;
  }
  if (!rule.openTime) return null;
  // A daily opening: today's, or the one whose lobby or rush crosses midnight.
  const today = indiaDateTime(now).day;
  for (const day of [today, addDays(today, 1), addDays(today, -1)]) {
    const opening = indiaInstant(day, rule.openTime);
    if (inWindow(opening)) return opening;
  }
  return null;
}

/** The next opening of `rule` after `now` (rolling: the next day's), or null when a fixed release has opened. */
export function nextOpening(rule: ReleaseRule, now: number): number | null {
  if (rule.kind === "fixed") {
    const opening = rule.opensAt ? Date.parse(rule.opensAt) : Number.NaN;
    return opening > now ? opening : null;
  }
  if (!rule.openTime) return null;
  const today = indiaDateTime(now).day;
  const todays = indiaInstant(today, rule.openTime);
  return todays > now ? todays : indiaInstant(addDays(today, 1), rule.openTime);
}

/** What a temple site says about a release: when its dates open, and whether its waiting room is open now. */
export interface ReleaseNotice {
  releaseId: number;
  templePujaId: number | null;
  kind: ReleaseRule["kind"];
  admission: ReleaseRule["admission"];
  daysAhead: number | null;
  firstDay: string | null;
  lastDay: string | null;
  /** The next opening (epoch ms) not yet reached, or null. */
  opens: number | null;
  /** The opening whose room is open now (its lobby or its rush), and when that rush ends; or null. */
  room: { opening: number; rushEnds: number } | null;
}

/** The key of one opening's waiting room (one Durable Object each). */
export const roomName = (releaseId: number, opening: number) => `release-${releaseId}@${new Date(opening).toISOString()}`;

/** What a devotee is told, in the request's (or page's) language: read when needed. */
export const RELEASE_MESSAGES = {
  notOpen: (day: string, opensOn: string, time: string) => m.bookings_release_not_open({ date: day, opensOn, time }),
  needsPass: (day: string) => m.bookings_release_needs_pass({ date: day }),
  /** The pass opened its one checkout already; `time`: when the rush ends and anyone may book. */
  passUsed: (time: string) => m.bookings_release_pass_used({ time }),
  /** The pass was given in another session (a copied cookie). */
  passElsewhere: (day: string) => m.bookings_release_pass_elsewhere({ date: day }),
};

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: () => m.desk_release_time_invalid() });
const whole = (min: number, max: number) => wholeNumber(() => m.desk_release_number_invalid({ min, max }), min, max);

/**
 * How far ahead a release may reach: about three years (a temple plans its next festivals),
 * from today in India. Its dates open from today on; a date beyond the booking horizon simply
 * waits for it.
 */
export const RELEASE_HORIZON_DAYS = 3 * 365;
const releaseHorizon = () => addDays(todayInIndia(), RELEASE_HORIZON_DAYS);
const day = dayBetween(
  () => m.desk_release_day_range({ from: longDate(todayInIndia()), to: longDate(releaseHorizon()) }),
  todayInIndia,
  releaseHorizon,
).optional();
/** India time, as a datetime-local input sends it ("2026-12-01T10:00", seconds allowed), on a real day from today on. */
const opensAt = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: () => m.desk_release_opens_invalid(), abort: true })
  .refine((value) => isValidDay(value.slice(0, 10)), { error: () => m.desk_release_opens_invalid(), abort: true })
  .refine((value) => value.slice(0, 10) >= todayInIndia(), { error: () => m.desk_release_opens_past() });

/** The desk's release form: one schema for the browser and the server. */
export const releaseSchema = z
  .object({
    intent: z.literal("save"),
    /** Empty: every puja of the temple. */
    templePujaId: wholeNumber(() => m.desk_release_puja_invalid(), 1, 2_147_483_647).optional(),
    kind: z.enum(["rolling", "fixed"], { error: () => m.desk_release_kind_invalid() }),
    daysAhead: whole(1, 365).optional(),
    openTime: time.optional(),
    firstDay: day,
    lastDay: day,
    opensAt: opensAt.optional(),
    admission: z.enum(["queue", "draw"], { error: () => m.desk_release_admission_invalid() }),
    admitPerMinute: whole(1, 100_000),
    lobbyMinutes: whole(0, 1440),
    rushMinutes: whole(1, 1440),
    passMinutes: whole(5, 240),
  })
  .superRefine((value, ctx) => {
    const need = (path: string, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (value.kind === "rolling") {
      need("daysAhead", value.daysAhead !== undefined, m.desk_release_number_invalid({ min: 1, max: 365 }));
      need("openTime", value.openTime !== undefined, m.desk_release_time_invalid());
    } else {
      need("firstDay", value.firstDay !== undefined, m.desk_release_day_invalid());
      need("lastDay", value.lastDay !== undefined && value.lastDay >= (value.firstDay ?? ""), m.desk_release_last_day_invalid());
      need("opensAt", value.opensAt !== undefined && value.opensAt.slice(0, 10) < (value.firstDay ?? ""), m.desk_release_opens_invalid());
    }
    // A draw needs a window to register in before its opening.
    need("lobbyMinutes", value.admission === "queue" || value.lobbyMinutes >= 5, m.desk_release_draw_window());
  });

export type ReleaseInput = z.infer<typeof releaseSchema>;
