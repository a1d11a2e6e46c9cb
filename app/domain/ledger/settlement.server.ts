/**
 * A temple's settlement statement: what it received for pujas (and their postage) and for
 * donations, from its booked lines, per day of a month and per month of a year. Cancelled
 * lines are left out (their money goes back to the devotee).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addDays } from "~/domain/bookings/dates";
import { daysOfMonth, monthsOfYear } from "./periods";

export interface SettlementRow {
  /** A day (YYYY-MM-DD) or a month (YYYY-MM). */
  period: string;
  lines: number;
  pujas: number;
  postage: number;
  donations: number;
  total: number;
}

const FIGURES = ["lines", "pujas", "postage", "donations", "total"] as const;

export function settlementTotals(rows: readonly SettlementRow[]): Omit<SettlementRow, "period"> {
  const totals = { lines: 0, pujas: 0, postage: 0, donations: 0, total: 0 };
  for (const row of rows) for (const f of FIGURES) totals[f] += row[f];
  return totals;
}

/**
 * Per `period` (the booking's first `length` characters) of booking days first..last. A booking's
 * date is its India timestamp ("2026-11-27T21:30:00.000+05:30"), so the range ends before the next day.
 */
async function settlementBetween(db: Database, templeId: number, first: string, last: string, length: 7 | 10) {
  return db.all<SettlementRow>(sql`select substr(t.booking_date, 1, ${length}) as period, count(*) as lines,
      sum(case when l.item_type = 'PUJA' then l.amount * l.quantity else 0 end) as pujas,
      sum(case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end) as postage,
      sum(case when l.item_type = 'DONATION' then l.amount * l.quantity else 0 end) as donations,
      sum(l.amount * l.quantity + case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end) as total
    from transactions t join transaction_lines l on l.transaction_id = t.id
    where t.booking_date >= ${first} and t.booking_date < ${addDays(last, 1)} and t.status = 0
      and l.temple_id = ${templeId} and l.puja_status != 'cancelled'
    group by period order by period`);
}

function fill(periods: readonly string[], rows: readonly SettlementRow[]): SettlementRow[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? { period, lines: 0, pujas: 0, postage: 0, donations: 0, total: 0 });
}

/** Every day of the month, with totals. */
export async function settlementByDay(db: Database, templeId: number, month: string) {
  const days = daysOfMonth(month);
  const rows = fill(days, await settlementBetween(db, templeId, days[0]!, days.at(-1)!, 10));
  return { rows, totals: settlementTotals(rows) };
}

/** Every month of the year, with totals. */
export async function settlementByMonth(db: Database, templeId: number, year: number) {
  const rows = fill(monthsOfYear(year), await settlementBetween(db, templeId, `${year}-01-01`, `${year}-12-31`, 7));
  return { rows, totals: settlementTotals(rows) };
}
