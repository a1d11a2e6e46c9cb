/**
 * A temple's prominence (temples.prominence, 0..1000), which orders search matches of similar
 * quality (search-rank.ts): 7 points for each point of the pilgrimage weight operators set
 * (0..100), plus up to 270 for what devotees did in the last 90 days — bookings (one a
 * booking, however many lines) and favourites added — in ten steps of 30 that saturate
 * (3 actions give 30, 20 give 150, 180 give 270). The steps keep a booking here or there from
 * rewriting temples, and each rewrite moves the content version (cached pages follow).
 *
 * The bookings of the window are counted once a day, not every run (issue 44): each closed UTC day
 * of a booking's date has its temples' counts in `temple_booking_days` (marked counted in
 * `booking_days`; a trigger unmarks the day when a line or a booking of it changes), and a run
 * sums the counted days' rows and counts live only the rest: today (and later), the part of the
 * window's first day inside the window, and any day not counted yet. A booking has one date, so
 * the sums are exactly the bookings the window holds.
 *
 * Pure SQL text, shared by the seeds and housekeeping (refreshProminence in
 * prominence.server.ts), so a seeded portal ranks as a running one does.
 */

export const PROMINENCE_WINDOW_DAYS = 90;
export const WEIGHT_POINTS = 7;
export const ACTIVITY_STEP_POINTS = 30;
export const PILGRIMAGE_WEIGHT_MAX = 100;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The UTC day after `day` (no import: the seeds load this file in Node as it is). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The start of the activity window for `now` (an ISO timestamp). */
export function prominenceSince(now: Date): string {
  return new Date(now.getTime() - PROMINENCE_WINDOW_DAYS * 86_400_000).toISOString();
}

export type ProminenceWindow = {
  /** Bookings from this instant on count (an ISO timestamp). */
  since: string;
  /** UTC day of `now`: its bookings (and any later) are counted live. */
  today: string;
  /** The days wholly inside the window before today, oldest first (89): the ones counted once a day. */
  closedDays: string[];
};

export function prominenceWindow(now: Date): ProminenceWindow {
  const since = prominenceSince(now);
  const today = now.toISOString().slice(0, 10);
  const closedDays: string[] = [];
  for (let day = nextDay(since.slice(0, 10)); day < today; day = nextDay(day)) closedDays.push(day);
  return { since, today, closedDays };
}

/** A line's booking not removed (the few removed bookings from their partial index), as search has always counted. */
const NOT_REMOVED = "l.transaction_id NOT IN (SELECT id FROM transactions WHERE deleted_at IS NOT NULL)";
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const dayList = (days: readonly string[]) => {
  for (const day of days) if (!ISO_DAY.test(day)) throw new Error("prominence: days must be YYYY-MM-DD");
  return days.map((day) => `'${day}'`).join(", ");
};

/**
 * Counts `days` (closed days of the window) that are not counted yet: their stale temple rows go, each temple's
 * bookings of the day are inserted, and the days are marked. Run in one batch (one transaction) with the update.
 */
export function countBookingDaysSql(days: readonly string[], oldestKept: string): string[] {
  if (!ISO_DAY.test(oldestKept)) throw new Error("prominence: oldestKept must be YYYY-MM-DD");
  // Days that left the window are dropped, so the table holds the window only.
  const prune = [`DELETE FROM temple_booking_days WHERE day < '${oldestKept}';`, `DELETE FROM booking_days WHERE day < '${oldestKept}';`];
  if (days.length === 0) return prune;
  const list = dayList(days);
  // The days to count, found before the join (MATERIALIZED): a day already counted reads nothing.
  return [
    ...prune,
    `DELETE FROM temple_booking_days WHERE day IN (${list}) AND day NOT IN (SELECT day FROM booking_days);`,
    `WITH days(day) AS MATERIALIZED (
  SELECT value FROM json_each('[${days.map((day) => `"${day}"`).join(",")}]') WHERE value NOT IN (SELECT day FROM booking_days)
)
INSERT INTO temple_booking_days (day, temple_id, bookings)
SELECT days.day, l.temple_id, count(DISTINCT l.transaction_id)
  FROM days CROSS JOIN transaction_lines l ON l.booked_at >= days.day AND l.booked_at < date(days.day, '+1 day')
  WHERE ${NOT_REMOVED}
  GROUP BY days.day, l.temple_id;`,
    `INSERT OR IGNORE INTO booking_days (day) VALUES ${days.map((day) => `('${day}')`).join(", ")};`,
  ];
}

/**
 * The statement that sets every temple's prominence (or one temple's) from its weight, the favourites of the window,
 * its bookings of `counted` days (closed days whose rows are in `temple_booking_days`: counted in the same batch)
 * and, live, its bookings of the rest of the window; it writes only the rows whose value changes.
 */
export function prominenceRefreshSql(window: ProminenceWindow, counted: readonly string[], templeId?: number): string {
  const { since, today, closedDays } = window;
  if (!ISO_INSTANT.test(since) || !ISO_DAY.test(today)) throw new Error("prominence: since must be an ISO timestamp");
  if (templeId !== undefined && !Number.isSafeInteger(templeId)) throw new Error("prominence: bad temple id");
  const rolled = new Set(counted);
  // The live part: from `since` to the first counted day, between counted days, and from today on.
  const ranges: string[] = [];
  let from: string | null = since;
  for (const day of closedDays) {
    if (!rolled.has(day)) continue;
    if (from !== null) ranges.push(`(l.booked_at >= '${from}' AND l.booked_at < '${day}')`);
    from = null;
    const next = nextDay(day);
    if (!rolled.has(next)) from = next;
  }
  ranges.push(`l.booked_at >= '${from ?? today}'`);
  const countedDays = closedDays.filter((day) => rolled.has(day));
  // The live lines by booking day (INDEXED BY: grouping by temple would rather scan every temple's lines in order).
  const oneTemple = (column: string) => (templeId === undefined ? "" : ` AND ${column} = ${templeId}`);
  const rolledRows =
    countedDays.length === 0
      ? "SELECT NULL AS temple_id, 0 AS n WHERE 0"
      : `SELECT temple_id, sum(bookings) AS n FROM temple_booking_days
      WHERE day IN (${dayList(countedDays)})${oneTemple("temple_id")} GROUP BY temple_id`;
  return `UPDATE temples SET prominence = fresh.prominence FROM (
  SELECT a.id, a.pilgrimage_weight * ${WEIGHT_POINTS} + ${ACTIVITY_STEP_POINTS} * ((10 * a.n) / (a.n + 20)) AS prominence
  FROM (
    SELECT t.id, t.pilgrimage_weight, coalesce(r.n, 0) + coalesce(v.n, 0) + coalesce(f.n, 0) AS n
    FROM temples t
    LEFT JOIN (${rolledRows}) r ON r.temple_id = t.id
    LEFT JOIN (
      SELECT l.temple_id, count(DISTINCT l.transaction_id) AS n FROM transaction_lines l INDEXED BY transaction_lines_booked
      WHERE (${ranges.join(" OR ")}) AND ${NOT_REMOVED}${oneTemple("l.temple_id")}
      GROUP BY l.temple_id
    ) v ON v.temple_id = t.id
    LEFT JOIN (
      SELECT temple_id, count(*) AS n FROM favourites WHERE created_at >= '${since}'${oneTemple("temple_id")} GROUP BY temple_id
    ) f ON f.temple_id = t.id
    ${templeId === undefined ? "" : `WHERE t.id = ${templeId}`}
  ) a
) AS fresh
WHERE temples.id = fresh.id AND temples.prominence IS NOT fresh.prominence;`;
}

/** Every closed day of the window counted, then every temple's prominence: what a seed leaves, as housekeeping would. */
export function prominenceSeedStatements(now: Date): string[] {
  const window = prominenceWindow(now);
  return [...countBookingDaysSql(window.closedDays, window.closedDays[0]!), prominenceRefreshSql(window, window.closedDays)];
}
