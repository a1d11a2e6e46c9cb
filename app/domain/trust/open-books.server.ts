/** Open books: a temple's donations received, and the same across temples for the operator (aggregates only). */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { donationPurposes, temples, transactionLines, transactions } from "~/db/schema";
import { textInLanguage } from "~/domain/content/translations.server";
import { todayInIndia } from "~/lib/india-time";
import { firstMonthShown, foldSmallGroups, groupDonations } from "./open-books";

const month = sql<string>`substr(${transactions.bookingDate}, 1, 7)`;
const count = sql<number>`count(*)`.mapWith(Number);
const total = sql<number>`coalesce(sum(${transactionLines.amount} * ${transactionLines.quantity}), 0)`.mapWith(Number);

function donationRows(db: Database, since: string, templeId?: number) {
  return db
    .select({
      templeId: transactionLines.templeId,
      purposeId: transactionLines.donationPurposeId,
      month: month.as("month"),
      count: count.as("count"),
      total: total.as("total"),
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .where(
      and(
        eq(transactionLines.itemType, "DONATION"),
        templeId === undefined ? undefined : eq(transactionLines.templeId, templeId),
        eq(transactions.status, 0),
        gte(transactions.bookingDate, since),
      ),
    )
    .groupBy(transactionLines.templeId, transactionLines.donationPurposeId, month);
}

/**
 * A verified temple's "Donations received" (null for an unknown or unverified temple): the last
 * 12 months, by month and by purpose with what the temple says each purpose is for; small groups
 * folded into "other".
 */
export async function loadDonationsReceived(db: Database, slug: string, today = todayInIndia()) {
  const [temple] = await db
    .select({
      id: temples.id,
      slug: temples.slug,
      displayName: textInLanguage("temple", temples.id, temples.displayName).as("display_name_shown"),
      verified: temples.verified,
    })
    .from(temples)
    .where(eq(temples.slug, slug))
    .limit(1);
  if (!temple?.verified) return null;
  const since = firstMonthShown(today);
  const [rows, purposes] = await db.batch([
    donationRows(db, since, temple.id),
    db
      .select({
        id: donationPurposes.id,
        // What each purpose is called and is for, in the page's language where it has variants.
        name: textInLanguage("purpose", donationPurposes.id, donationPurposes.name).as("purpose_name"),
        description: textInLanguage("purpose", donationPurposes.id, donationPurposes.description, "description").as("purpose_description"),
        active: donationPurposes.active,
      })
      .from(donationPurposes)
      .where(eq(donationPurposes.templeId, temple.id))
      .orderBy(asc(donationPurposes.name)),
  ]);
  const byMonth = foldSmallGroups(groupDonations(rows, (r) => r.month).sort((a, b) => b.key.localeCompare(a.key)));
  const byPurpose = foldSmallGroups(groupDonations(rows, (r) => r.purposeId ?? -1).sort((a, b) => b.total - a.total));
  const named = new Map(purposes.map((p) => [p.id, p]));
  return {
    temple,
    since,
    byMonth,
    byPurpose: byPurpose.map((g) => ({
      ...g,
      name: g.key === null ? null : (named.get(g.key)?.name ?? null),
      description: g.key === null ? "" : (named.get(g.key)?.description ?? ""),
    })),
    // What each open purpose is for, received in the last year or not.
    purposes: purposes.filter((p) => p.active && p.description),
    count: rows.reduce((sum, r) => sum + r.count, 0),
    total: rows.reduce((sum, r) => sum + r.total, 0),
  };
}

/** The same across temples, for the operator console: by temple and by month, small groups folded. */
export async function loadDonationsAcrossTemples(db: Database, today = todayInIndia()) {
  const since = firstMonthShown(today);
  const rows = await donationRows(db, since);
  const byTemple = foldSmallGroups(groupDonations(rows, (r) => r.templeId).sort((a, b) => b.total - a.total));
  const ids = byTemple.map((g) => g.key).filter((id): id is number => id !== null);
  const names = ids.length
    ? await db
        .select({ id: temples.id, displayName: temples.displayName, slug: temples.slug })
        .from(temples)
        .where(sql`${temples.id} in (select value from json_each(${JSON.stringify(ids)}))`)
    : [];
  const named = new Map(names.map((t) => [t.id, t]));
  return {
    since,
    byTemple: byTemple.map((g) => ({ ...g, temple: g.key === null ? null : (named.get(g.key) ?? null) })),
    byMonth: foldSmallGroups(groupDonations(rows, (r) => r.month).sort((a, b) => b.key.localeCompare(a.key))),
    count: rows.reduce((sum, r) => sum + r.count, 0),
    total: rows.reduce((sum, r) => sum + r.total, 0),
  };
}
