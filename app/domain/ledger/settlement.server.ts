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
import { type SQL, sql } from "drizzle-orm";
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

const LINE_TOTAL = sql`l.amount * l.quantity + case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;
const KEPT = sql`t.cancelled_at is null`;
const AT_TEMPLE = sql`t.channel = 'counter' and t.counter_payment in ('cash', 'upi')`;
const when = (condition: SQL, value = LINE_TOTAL) => sql`sum(case when ${KEPT} and ${condition} then ${value} else 0 end)`;

/**
 * Per `period` (the booking's first `length` characters) of booking days first..last. A booking's
 * date is its India timestamp ("2026-11-27T21:30:00.000+05:30"), so the range ends before the next day.
 * Read by the temple's lines' index (temple, booking date: `booked_at`), never all temples' bookings of the period.
 */
async function settlementBetween(db: Database, templeId: number, first: string, last: string, length: 7 | 10) {
  return db.all<SettlementRow>(sql`select substr(t.booking_date, 1, ${length}) as period,
      ${when(sql`1`, sql`1`)} as lines,
      ${when(sql`l.item_type = 'PUJA'`, sql`l.amount * l.quantity`)} as pujas,
      ${when(sql`l.item_type = 'PUJA'`, sql`l.postal_charge * l.quantity`)} as postage,
      ${when(sql`l.item_type = 'DONATION'`, sql`l.amount * l.quantity`)} as donations,
      ${when(sql`1`)} as total,
      ${when(sql`t.channel = 'counter' and t.counter_payment = 'cash'`)} as counterCash,
      ${when(sql`t.channel = 'counter' and t.counter_payment = 'upi'`)} as counterUpi,
      ${when(sql`t.channel = 'counter' and t.counter_payment = 'upi_qr'`)} as counterGatewayUpi,
      ${when(AT_TEMPLE)} as atTemple,
      ${when(sql`not (${AT_TEMPLE})`)} as paidOut,
      count(distinct case when t.cancelled_at is not null then t.id end) as cancelledSales,
      sum(case when t.cancelled_at is not null then ${LINE_TOTAL} else 0 end) as cancelled
    from transaction_lines l join transactions t on t.id = l.transaction_id
    where l.temple_id = ${templeId} and l.booked_at >= ${first} and l.booked_at < ${addDays(last, 1)} and t.status = 0
      and l.puja_status != 'cancelled'
    group by period order by period`);
}

function fill(periods: readonly string[], rows: readonly SettlementRow[]): SettlementRow[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? { period, ...ZERO });
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
