/** The operator's dashboard: paid bookings and amounts per temple and per day. */
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { temples, transactionLines, transactions } from "~/db/schema";

/** A line's total, as `lineTotal` in cart.ts: puja = amount x qty + qty x postage; donation = amount x qty. */
const lineTotalSql = sql<number>`sum(${transactionLines.amount} * ${transactionLines.quantity} + case when
  ${transactionLines.itemType} = 'PUJA' then ${transactionLines.quantity} *
  ${transactionLines.postalCharge} else 0 end)`;

/** Bookings made on or after `since` (YYYY-MM-DD), per temple (top 25 by amount) and per day. */
export async function loadDashboard(db: Database, since: string) {
  const paidSince = and(eq(transactions.status, 0), gte(transactions.bookingDate, since));
  const [perTemple, perDay] = await db.batch([
    db
      .select({
        templeId: temples.id,
        templeName: temples.displayName,
        bookings: sql<number>`count(distinct ${transactions.id})`,
        lines: sql<number>`count(*)`,
        amount: lineTotalSql,
      })
      .from(transactionLines)
      .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
      .innerJoin(temples, eq(temples.id, transactionLines.templeId))
      .where(paidSince)
      .groupBy(temples.id)
      .orderBy(desc(lineTotalSql))
      .limit(25),
    db
      .select({
        day: sql<string>`substr(${transactions.bookingDate}, 1, 10)`.as("day"),
        bookings: sql<number>`count(*)`,
        amount: sql<number>`sum(${transactions.total})`,
      })
      .from(transactions)
      .where(paidSince)
      .groupBy(sql`day`)
      .orderBy(desc(sql`day`)),
  ]);
  const totals = perDay.reduce((sum, day) => ({ bookings: sum.bookings + day.bookings, amount: sum.amount + day.amount }), {
    bookings: 0,
    amount: 0,
  });
  return { perTemple, perDay, totals };
}
