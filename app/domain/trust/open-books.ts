/**
 * Open books: what a temple received in donations, as aggregates only. A month, purpose or temple
 * with fewer than MIN_DONATIONS_SHOWN donations is folded into "other", so no donor's gift can be
 * picked out of a small group (pure: the queries are in open-books.server.ts).
 */
export const MIN_DONATIONS_SHOWN = 5;

export interface DonationGroup<Key> {
  key: Key;
  count: number;
  /** Paise. */
  total: number;
}

/** Groups with at least MIN_DONATIONS_SHOWN donations as they are, the rest summed into one `other` group (null key) at the end. */
export function foldSmallGroups<Key>(groups: readonly DonationGroup<Key>[]): DonationGroup<Key | null>[] {
  const shown = groups.filter((g) => g.count >= MIN_DONATIONS_SHOWN);
  const small = groups.filter((g) => g.count < MIN_DONATIONS_SHOWN);
  if (small.length === 0) return shown;
  return [...shown, { key: null, count: small.reduce((sum, g) => sum + g.count, 0), total: small.reduce((sum, g) => sum + g.total, 0) }];
}

/** Sums rows into groups by `keyOf`, keeping the first-seen order. */
export function groupDonations<Row extends { count: number; total: number }, Key>(
  rows: readonly Row[],
  keyOf: (row: Row) => Key,
): DonationGroup<Key>[] {
  const groups = new Map<Key, DonationGroup<Key>>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { key, count: 0, total: 0 };
    group.count += row.count;
    group.total += row.total;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The first month of the last `months` months up to `today` (YYYY-MM). */
export function firstMonthShown(today: string, months = 12): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - (months - 1);
  const date = new Date(Date.UTC(year, month - 1, 1));
  return date.toISOString().slice(0, 7);
}
