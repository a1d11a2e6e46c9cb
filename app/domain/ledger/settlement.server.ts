/**
 * A temple's settlement statement: what it received for pujas (and their postage) and for
 * donations, from its booked lines, per day of a month and per month of a year. Cancelled
 * lines are left out (their money goes back to the devotee).
 *
 * Counter sales stand beside online ones: cash and UPI to the temple's own QR were received at
 * the temple, so they are not in what the portal pays out; UPI through the gateway's QR at the
 * counter is paid out like online money. A counter sale cancelled (`cancelled_at`) counts for
 * nothing and is shown apart.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { todayInIndia } from "~/lib/india-time";
import { settlementDaysBetween, withTempleDaysRolledUp } from "./day-rollups.server";
import { daysOfMonth, monthsOfYear } from "./periods";

export interface SettlementRow {
  /** A day (YYYY-MM-DD) or a month (YYYY-MM). */
  period: string;
  lines: number;
  pujas: number;
  postage: number;
  donations: number;
  total: number;
  /** Of the total: sold at the counter for cash, for UPI to the temple's own QR, for UPI through the gateway's QR. */
  counterCash: number;
  counterUpi: number;
  counterGatewayUpi: number;
  /** Of the total: received at the temple (counter cash and UPI to its own QR), and paid out by the portal (the rest). */
  atTemple: number;
  paidOut: number;
  /** Counter sales cancelled, and what they were for (in no figure above). */
  cancelledSales: number;
  cancelled: number;
}

export type SettlementFigures = Omit<SettlementRow, "period">;

const FIGURES = [
  "lines",
  "pujas",
  "postage",
  "donations",
  "total",
  "counterCash",
  "counterUpi",
  "counterGatewayUpi",
  "atTemple",
  "paidOut",
  "cancelledSales",
  "cancelled",
] as const satisfies readonly (keyof SettlementFigures)[];

const ZERO: SettlementFigures = Object.fromEntries(FIGURES.map((f) => [f, 0])) as SettlementFigures;

export function settlementTotals(rows: readonly SettlementRow[]): SettlementFigures {
  const totals = { ...ZERO };
  for (const row of rows) for (const f of FIGURES) totals[f] += row[f];
  return totals;
}

/**
 * Per `period` (the booking day's first `length` characters) of booking days first..last: closed days from their rollup
 * (day-rollups.server.ts, summed once), today and later live from the temple's lines by booking date (issue 44).
 */
async function settlementBetween(db: Database, templeId: number, first: string, last: string, length: 7 | 10, today: string) {
  return withTempleDaysRolledUp<SettlementRow>(
    db,
    templeId,
    first,
    last,
    today,
    sql`select substr(day, 1, ${length}) as period, sum(lines) as lines, sum(pujas) as pujas, sum(postage) as postage,
      sum(donations) as donations, sum(total) as total, sum(counter_cash) as counterCash, sum(counter_upi) as counterUpi,
      sum(counter_gateway_upi) as counterGatewayUpi, sum(at_temple) as atTemple, sum(paid_out) as paidOut,
      sum(cancelled_sales) as cancelledSales, sum(cancelled) as cancelled
    from (${settlementDaysBetween(templeId, first, last, today)}) group by period order by period`,
  );
}

function fill(periods: readonly string[], rows: readonly SettlementRow[]): SettlementRow[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? { period, ...ZERO });
}

/** Every day of the month, with totals. */
export async function settlementByDay(db: Database, templeId: number, month: string, today = todayInIndia()) {
  const days = daysOfMonth(month);
  const rows = fill(days, await settlementBetween(db, templeId, days[0]!, days.at(-1)!, 10, today));
  return { rows, totals: settlementTotals(rows) };
}

/** Every month of the year, with totals. */
export async function settlementByMonth(db: Database, templeId: number, year: number, today = todayInIndia()) {
  const rows = fill(monthsOfYear(year), await settlementBetween(db, templeId, `${year}-01-01`, `${year}-12-31`, 7, today));
  return { rows, totals: settlementTotals(rows) };
}
