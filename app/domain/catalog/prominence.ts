/**
 * A temple's prominence (temples.prominence, 0..1000), which orders search matches of similar
 * quality (search-rank.ts): 7 points for each point of the pilgrimage weight operators set
 * (0..100), plus up to 270 for what devotees did in the last 90 days — bookings (one a
 * booking, however many lines) and favourites added — in ten steps of 30 that saturate
 * (3 actions give 30, 20 give 150, 180 give 270). The steps keep a booking here or there from
 * rewriting temples, and each rewrite moves the content version (cached pages follow).
 *
 * Pure SQL text, shared by the seed and housekeeping (refreshProminence in
 * prominence.server.ts), so a seeded portal ranks as a running one does.
 */
export const PROMINENCE_WINDOW_DAYS = 90;
export const WEIGHT_POINTS = 7;
export const ACTIVITY_STEP_POINTS = 30;
export const PILGRIMAGE_WEIGHT_MAX = 100;

/** The start of the activity window for `now` (an ISO timestamp). */
export function prominenceSince(now: Date): string {
  return new Date(now.getTime() - PROMINENCE_WINDOW_DAYS * 86_400_000).toISOString();
}

/**
 * The statement that sets every temple's prominence (or one temple's) from its weight and its
 * activity since `since`, writing only the rows whose value changes.
 */
export function prominenceRefreshSql(since: string, templeId?: number): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(since)) throw new Error("prominence: since must be an ISO timestamp");
  if (templeId !== undefined && !Number.isSafeInteger(templeId)) throw new Error("prominence: bad temple id");
  const oneTemple = templeId === undefined ? "" : ` WHERE t.id = ${templeId}`;
  const oneFavourite = templeId === undefined ? "" : ` AND temple_id = ${templeId}`;
  // Each temple's bookings counted from its own lines' index (temple, booking day, booking: issue 44),
  // never by reading every booking of the window; the few deleted bookings from their partial index.
  return `UPDATE temples SET prominence = fresh.prominence FROM (
  SELECT a.id, a.pilgrimage_weight * ${WEIGHT_POINTS}
    + ${ACTIVITY_STEP_POINTS} * ((10 * (a.n + coalesce(f.n, 0))) / (a.n + coalesce(f.n, 0) + 20)) AS prominence
  FROM (
    SELECT t.id, t.pilgrimage_weight, (
      SELECT count(DISTINCT l.transaction_id) FROM transaction_lines l
        WHERE l.temple_id = t.id AND l.booked_at >= '${since}'
          AND l.transaction_id NOT IN (SELECT id FROM transactions WHERE deleted_at IS NOT NULL)
    ) AS n
    FROM temples t${oneTemple}
  ) a LEFT JOIN (
    SELECT temple_id, count(*) AS n FROM favourites WHERE created_at >= '${since}'${oneFavourite} GROUP BY temple_id
  ) f ON f.temple_id = a.id
) AS fresh
WHERE temples.id = fresh.id AND temples.prominence IS NOT fresh.prominence;`;
}
