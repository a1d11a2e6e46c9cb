/**
 * Closed days rolled up (issue 44): a temple's settlement figures and bank-view groups of each India booking day before
 * today, kept in `settlement_days` and `payout_day_groups` (app/db/schema.ts), so a month reads ≤ 31 rows and a year
 * ≤ 366 however many lines they hold. A day missing is summed by one `INSERT … SELECT` in the same batch as the read
 * (D1 runs a batch as one transaction: no write between the two can be lost), and the triggers of migration 0037 delete
 * a day whenever a row its sums read changes. Today and later days are always summed live, as the statement did.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { batchSql } from "~/db/sql-batch.server";
import { addDays } from "~/domain/bookings/dates";

/** The closed part of days first..last (before `today`), and the part summed live; either may be empty (first > last). */
export function splitAtToday(first: string, last: string, today: string) {
  const yesterday = addDays(today, -1);
  return {
    closed: { first, last: last < yesterday ? last : yesterday },
    live: { first: first > today ? first : today, last },
  };
}

/** Days first..last whose rollup row is missing, as a CTE `missing(day)` (with the recursive `days` it is built from). */
export const missingDays = (first: string, last: string, rolled: SQL) => sql`with recursive days(day) as (select ${first}
    union all select date(day, '+1 day') from days where day < ${last}),
  missing as (select day from days where not exists (${rolled}))`;
const missingTempleDays = (templeId: number, first: string, last: string) =>
  missingDays(first, last, sql`select 1 from settlement_days s where s.temple_id = ${templeId} and s.day = days.day`);
export const FIRST_MISSING = sql`(select min(day) from missing)`;
export const AFTER_LAST_MISSING = sql`date((select max(day) from missing), '+1 day')`;

/** A temple's booked lines with their booking, booked on days [from, to) (strings or SQL): the settlement's rows. */
const templeLines = (templeId: number, from: SQL | string, to: SQL | string) =>
  sql`from transaction_lines l join transactions t on t.id = l.transaction_id
    where l.temple_id = ${templeId} and l.booked_at >= ${from} and l.booked_at < ${to} and t.status = 0`;

const LINE_TOTAL = sql`l.amount * l.quantity + case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;
const KEPT = sql`t.cancelled_at is null`;
const AT_TEMPLE = sql`t.channel = 'counter' and t.counter_payment in ('cash', 'upi')`;
const when = (condition: SQL, value = LINE_TOTAL) => sql`sum(case when ${KEPT} and ${condition} then ${value} else 0 end)`;

export const SETTLEMENT_COLUMNS = sql.raw(`lines, pujas, postage, donations, total, counter_cash, counter_upi, counter_gateway_upi,
  at_temple, paid_out, cancelled_sales, cancelled`);

/** The settlement's figures per booking day of [from, to), named as `settlement_days` names them. */
const settlementSums = (templeId: number, from: SQL | string, to: SQL | string) => sql`select substr(t.booking_date, 1, 10) as day,
    ${when(sql`1`, sql`1`)} as lines,
    ${when(sql`l.item_type = 'PUJA'`, sql`l.amount * l.quantity`)} as pujas,
    ${when(sql`l.item_type = 'PUJA'`, sql`l.postal_charge * l.quantity`)} as postage,
    ${when(sql`l.item_type = 'DONATION'`, sql`l.amount * l.quantity`)} as donations,
    ${when(sql`1`)} as total,
    ${when(sql`t.channel = 'counter' and t.counter_payment = 'cash'`)} as counter_cash,
    ${when(sql`t.channel = 'counter' and t.counter_payment = 'upi'`)} as counter_upi,
    ${when(sql`t.channel = 'counter' and t.counter_payment = 'upi_qr'`)} as counter_gateway_upi,
    ${when(AT_TEMPLE)} as at_temple,
    ${when(sql`not (${AT_TEMPLE})`)} as paid_out,
    count(distinct case when t.cancelled_at is not null then t.id end) as cancelled_sales,
    sum(case when t.cancelled_at is not null then ${LINE_TOTAL} else 0 end) as cancelled
  ${templeLines(templeId, from, to)} and l.puja_status != 'cancelled'
  group by day`;

const PRICE = sql`l.amount * l.quantity`;
const POSTAGE = sql`case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;
const PAID_AT_TEMPLE = sql`(t.channel = 'counter' and coalesce(t.counter_payment, '') in ('cash', 'upi'))`;
/** What a reversal took back: its amount, or the whole transfer when it is reversed without one recorded. */
const REVERSED = sql`case when p.status = 'reversed' and coalesce(p.reversed_amount, 0) = 0
  then p.amount else coalesce(p.reversed_amount, 0) end`;

export const GROUP_COLUMNS = sql.raw(`day, item_type, price, at_temple, cancelled, transfer_status, on_hold, settled, lines,
  price_sum, postage, booked, fee, gst, amount, reversed`);

/**
 * The bank view's groups per booking day of [from, to): by kind, price (lines without a transfer row: their fee is
 * rounded per line, so lines of one price on one day share it) and transfer state; cancelled lines only with a transfer.
 */
export const payoutGroupSums = (templeId: number, from: SQL | string, to: SQL | string) => sql`select substr(t.booking_date, 1, 10) as day,
    l.item_type as item_type, case when p.id is null then ${PRICE} end as price, ${PAID_AT_TEMPLE} as at_temple,
    t.cancelled_at is not null as cancelled, p.status as transfer_status, p.on_hold as on_hold, p.settled_at is not null as settled,
    count(*) as lines, sum(${PRICE}) as price_sum, sum(${POSTAGE}) as postage, sum(p.booked) as booked, sum(p.fee) as fee,
    sum(p.gst) as gst, sum(p.amount) as amount, sum(${REVERSED}) as reversed
  from transaction_lines l join transactions t on t.id = l.transaction_id
    left join payout_transfers p on p.transaction_line_id = l.id
  where l.temple_id = ${templeId} and l.booked_at >= ${from} and l.booked_at < ${to} and t.status = 0
    and (l.puja_status != 'cancelled' or p.id is not null)
  group by day, item_type, price, at_temple, cancelled, transfer_status, on_hold, settled`;

/**
 * The statements that roll up the temple's closed days first..last not yet rolled up: the bank view's groups first,
 * then a `settlement_days` row a day (zeros for a day without lines), which marks both as rolled up.
 */
export function rollUpTempleDays(templeId: number, first: string, last: string) {
  const missing = missingTempleDays(templeId, first, last);
  return [
    sql`insert into payout_day_groups (temple_id, ${GROUP_COLUMNS}) ${missing}
      select ${templeId}, ${GROUP_COLUMNS} from (${payoutGroupSums(templeId, FIRST_MISSING, AFTER_LAST_MISSING)})
      where day in (select day from missing)`,
    sql`insert into settlement_days (temple_id, day, ${SETTLEMENT_COLUMNS}) ${missing}, sums as (
        ${settlementSums(templeId, FIRST_MISSING, AFTER_LAST_MISSING)})
      select ${templeId}, m.day, ${sql.raw(
        "lines pujas postage donations total counter_cash counter_upi counter_gateway_upi at_temple paid_out cancelled_sales cancelled"
          .split(" ")
          .map((column) => `coalesce(s.${column}, 0)`)
          .join(", "),
      )}
      from missing m left join sums s on s.day = m.day`,
  ];
}

/** The settlement's figures per day of first..last: rolled-up rows of closed days, live sums of the rest. */
export function settlementDaysBetween(templeId: number, first: string, last: string, today: string): SQL {
  const { closed, live } = splitAtToday(first, last, today);
  return sql`select day, ${SETTLEMENT_COLUMNS} from settlement_days where temple_id = ${templeId} and day >= ${closed.first}
      and day <= ${closed.last}
    union all select * from (${settlementSums(templeId, live.first, addDays(live.last, 1))})`;
}

/** The bank view's groups per day of first..last: rolled-up rows of closed days, live sums of the rest. */
export function payoutGroupsBetween(templeId: number, first: string, last: string, today: string): SQL {
  const { closed, live } = splitAtToday(first, last, today);
  return sql`select ${GROUP_COLUMNS} from payout_day_groups where temple_id = ${templeId} and day >= ${closed.first}
      and day <= ${closed.last}
    union all select * from (${payoutGroupSums(templeId, live.first, addDays(live.last, 1))})`;
}

/** Reads `read` after rolling up the temple's closed days of first..last that are missing, in one batch. */
export async function withTempleDaysRolledUp<T>(db: Database, templeId: number, first: string, last: string, today: string, read: SQL) {
  const { closed } = splitAtToday(first, last, today);
  if (closed.first > closed.last) return db.all<T>(read);
  return (await batchSql(db, [...rollUpTempleDays(templeId, closed.first, closed.last), read])).at(-1) as T[];
}
