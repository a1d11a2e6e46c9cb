/**
 * Which of a devotee's completed bookings one page of My Transactions shows: the newest
 * COMPLETED_PAGE_SIZE, or those just older or newer than a booking the page links by its tracking
 * number (keyset paging on booking date and id, so a page costs the same at 5 bookings or 5,000,
 * and a booking made meanwhile never shifts what "Older" shows). Every read comes from the partial
 * index transactions_customer_listed, which is why status and removal are written as literals.
 */
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { transactions } from "~/db/schema";

export const COMPLETED_PAGE_SIZE = 20;

/** Where a page starts: after (`older`), before (`newer`) or at (`at`) a booking of the devotee; null for the newest. */
export type CompletedCursor = { older: string } | { newer: string } | { at: string } | null;

export type CompletedPaging = {
  /** Position of the page's first booking, counted from 1 (newest), and of its last. */
  from: number;
  to: number;
  total: number;
  /** The tracking number an "Older" link starts after, or null on the oldest page. */
  olderThan: string | null;
  /** The tracking number a "Newer" link starts before; null on the newest page, "" when "Newer" is the newest page. */
  newerThan: string | null;
};

/** The cursor a page's query string names (`older`, `newer`, or `booking` for a booking a message links to). */
export function completedCursor(params: URLSearchParams): CompletedCursor {
  const named = (key: string) => params.get(key)?.trim().slice(0, 40) || null;
  const older = named("older");
  if (older) return { older };
  const newer = named("newer");
  if (newer) return { newer };
  const at = named("booking");
  return at ? { at } : null;
}

function listed(customerId: number) {
  return and(eq(transactions.customerId, customerId), sql`${transactions.status} = 0 and ${transactions.deletedAt} is null`);
}

/** Compares a booking's place in the list with the cursor's booking (of this devotee; none when it is another's). */
function beside(customerId: number, operator: "<" | "<=" | ">" | ">=", trackingNo: string) {
  return sql`(${transactions.bookingDate}, ${transactions.id}) ${sql.raw(operator)} (select c.booking_date, c.id from transactions c
    where c.tracking_no = ${trackingNo} and c.customer_id = ${customerId})`;
}

type Listed = { trackingNo: string };

/**
 * The page's booking ids (one more than a page, to know whether another follows), the counts that
 * place it (all listed, and those newer than the page), and how to read the rows back in order.
 */
export function pageOfListed(db: Database, customerId: number, cursor: CompletedCursor) {
  const size = COMPLETED_PAGE_SIZE;
  const newest = [desc(transactions.bookingDate), desc(transactions.id)];
  let where: SQL | undefined = listed(customerId);
  let order = newest;
  let newer: SQL = sql`0`;
  if (cursor && "older" in cursor) {
    where = and(where, beside(customerId, "<", cursor.older));
    newer = sql`(select count(*) from transactions where ${and(listed(customerId), beside(customerId, ">=", cursor.older))})`;
  } else if (cursor && "at" in cursor) {
    where = and(where, beside(customerId, "<=", cursor.at));
    newer = sql`(select count(*) from transactions where ${and(listed(customerId), beside(customerId, ">", cursor.at))})`;
  } else if (cursor && "newer" in cursor) {
    // The page just above the cursor: the nearest bookings first, shown newest first.
    where = and(where, beside(customerId, ">", cursor.newer));
    order = [asc(transactions.bookingDate), asc(transactions.id)];
    newer = sql`(select count(*) from transactions where ${and(listed(customerId), beside(customerId, ">", cursor.newer))})`;
  }
  const ids = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(...order)
    .limit(size + 1);
  const counts = db
    .select({ total: sql<number>`count(*)`.as("total"), newer: sql<number>`${newer}`.as("newer") })
    .from(transactions)
    .where(listed(customerId));
  const goingNewer = cursor !== null && "newer" in cursor;
  /** The rows to show (read newest first) and the links around them; null when a cursor found nothing to show. */
  function window<Row extends Listed>(rows: Row[], counts: { total: number; newer: number }) {
    const more = rows.length > size;
    // Going newer, a short page is the newest one: it shows as the newest page does.
    if (cursor !== null && (rows.length === 0 || (goingNewer && !more))) return null;
    const shown = more ? (goingNewer ? rows.slice(1) : rows.slice(0, size)) : rows;
    const newerCount = goingNewer ? counts.newer - shown.length : counts.newer;
    const from = shown.length === 0 ? 0 : newerCount + 1;
    const to = newerCount + shown.length;
    const paging: CompletedPaging = {
      from,
      to,
      total: counts.total,
      olderThan: to < counts.total ? (shown.at(-1)?.trackingNo ?? null) : null,
      newerThan: newerCount === 0 ? null : newerCount <= size ? "" : (shown[0]?.trackingNo ?? null),
    };
    return { rows: shown, paging };
  }
  return { ids, counts, window };
}
