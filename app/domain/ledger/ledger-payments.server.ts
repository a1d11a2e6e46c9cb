/**
 * The operator ledger's SQL: the gateway's payments of a period with their outcome, the counter's takings, and the
 * figures of each India day, live or from the closed days' rollup `ledger_days` (issue 44): one row a day
 * however many payments it had, summed once by `INSERT … SELECT` in the batch that reads it and deleted by the
 * triggers of migration 0037 whenever a payment, its booking or refund, or a counter sale of the day changes.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { batchSql } from "~/db/sql-batch.server";
import { addDays } from "~/domain/bookings/dates";
import { AFTER_LAST_MISSING, FIRST_MISSING, missingDays, splitAtToday } from "./day-rollups.server";
import { indiaDaysInUtc } from "./periods";

export type PaymentOutcome = "booked" | "refunded" | "refund_open" | "unmatched";

/** Captured payments (and those refunded since): money the gateway took. */
const TAKEN = sql`g.status in ('captured', 'refunded')`;
const INDIA_DAY = sql`date(g.paid_at, '+330 minutes')`;
const OUTCOME = sql`case when t.id is not null then 'booked' when r.status in ('refunded', 'outside') then 'refunded'
  when r.status is not null then 'refund_open' else 'unmatched' end`;

/** A frozen line's convenience fee (issue 43: the devotee's, on top of the line; absent without one), in SQL over json_each. */
const JSON_LINE_CONVENIENCE = sql`coalesce(json_extract(j.value, '$.convenienceFee'), 0)`;

/** What a frozen line was paid (amount × quantity, plus postage × quantity for a puja, plus its convenience fee), in SQL over json_each. */
const JSON_LINE_TOTAL = sql`json_extract(j.value, '$.amount') * json_extract(j.value, '$.quantity')
  + case when json_extract(j.value, '$.itemType') = 'PUJA'
    then json_extract(j.value, '$.quantity') * coalesce(json_extract(j.value, '$.postalCharge'), 0) else 0 end
  + ${JSON_LINE_CONVENIENCE}`;

/**
 * The devotee's convenience fee in a payment (the platform keeps it, beside its fees): the booking's
 * own, or that temple's lines' part of it.
 */
function convenienceFor(templeId: number | undefined): SQL {
  if (templeId === undefined) return sql`coalesce(t.convenience_fee, 0)`;
  return sql`case when o.kind = 'checkout' then (select coalesce(sum(${JSON_LINE_CONVENIENCE}), 0) from json_each(o.lines) j
    where json_extract(j.value, '$.templeId') = ${templeId}) else 0 end`;
}

/** The gateway's fee and tax: a payment's own, so shown for all temples only. */
const FEES = (templeId: number | undefined) => (templeId === undefined ? sql`coalesce(g.fee, 0) + coalesce(g.tax, 0)` : sql`0`);

/** What a payment counts for: all of it, or one temple's lines of its order. */
function amountFor(templeId: number | undefined): SQL {
  if (templeId === undefined) return sql`g.amount`;
  // A cart's order freezes its lines as an array; a counter QR or payment-link order is one sale for its temple.
  return sql`case when o.kind = 'checkout' then (select coalesce(sum(${JSON_LINE_TOTAL}), 0) from json_each(o.lines) j
    where json_extract(j.value, '$.templeId') = ${templeId}) when o.temple_id = ${templeId} then g.amount else 0 end`;
}

/**
 * The payments of [from, to) with their outcome, as a subquery (bound parameters: 2, or 5 with a temple: its id three times).
 * Issue 44: `onlyUnmatched` keeps only those with neither a booking nor a refund before anything else is read (from the
 * indexes (paid_at, status, payment_ref) and each payment_ref's unique index: a month of payments costs no row reads), and
 * `sumsOnly` (all temples' figures, nothing of the order shown) leaves out the payment's order, whose row holds its lines.
 */
export function paymentsBetween(
  from: string | SQL,
  to: string | SQL,
  templeId: number | undefined,
  { onlyUnmatched = false, sumsOnly = false }: { onlyUnmatched?: boolean; sumsOnly?: boolean } = {},
): SQL {
  const withOrder = !sumsOnly || templeId !== undefined;
  return sql`select g.payment_ref, g.payment_order_id, g.provider, g.paid_at, g.status, ${INDIA_DAY} as day,
      ${amountFor(templeId)} as amount, ${FEES(templeId)} as fees, ${convenienceFor(templeId)} as convenience,
      ${OUTCOME} as outcome, t.receipt_no, r.status as refund_status, r.refund_ref,
      ${withOrder ? sql`o.provider_order_id, o.customer_id` : sql`null as provider_order_id, null as customer_id`}
    from gateway_payments g
    ${withOrder ? sql`join payment_orders o on o.id = g.payment_order_id` : sql``}
    left join transactions t on t.payment_ref = g.payment_ref
    left join payment_refunds r on r.payment_ref = g.payment_ref
    where g.paid_at >= ${from} and g.paid_at < ${to} and ${TAKEN}${onlyUnmatched ? UNMATCHED : sql``}`;
}

/** Neither booked nor refunded (the outcome 'unmatched'), as a filter on the payment alone. */
const UNMATCHED = sql` and not exists (select 1 from transactions x where x.payment_ref = g.payment_ref)
  and not exists (select 1 from payment_refunds y where y.payment_ref = g.payment_ref and y.status is not null)`;

const LINE_TOTAL = sql`l.amount * l.quantity + case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;

/** Counter sales by India booking day of [from, to) (a temple's lines when one is chosen). */
const counterSums = (from: string | SQL, to: string | SQL, templeId: number | undefined) =>
  sql`select substr(t.booking_date, 1, 10) as day,
      sum(case when t.cancelled_at is null and t.counter_payment in ('cash', 'upi') then ${LINE_TOTAL} else 0 end) as counterAtTemple,
      sum(case when t.cancelled_at is not null then ${LINE_TOTAL} else 0 end) as counterCancelled
    from transactions t join transaction_lines l on l.transaction_id = t.id
    where t.booking_date >= ${from} and t.booking_date < ${to} and t.channel = 'counter' and t.status = 0
      ${templeId === undefined ? sql`` : sql`and l.temple_id = ${templeId}`}
    group by day`;

const PAYMENT_FIGURES = ["payments", "received", "booked", "refunded", "refund_open", "unmatched", "unmatched_count", "fees"] as const;
const DAY_FIGURES = [...PAYMENT_FIGURES, "convenience", "booked_count", "refund_count", "counter_at_temple", "counter_cancelled"];
const columns = (names: readonly string[], as: (name: string) => string = (name) => name) => sql.raw(names.map(as).join(", "));

/** The payments' figures per India day of `paid_at` in [from, to): all of each payment, or one temple's part of it. */
const paymentDaySums = (from: string | SQL, to: string | SQL, templeId: number | undefined) => sql`select day,
    count(*) as payments, sum(amount) as received,
    sum(case when outcome = 'booked' then amount else 0 end) as booked,
    sum(case when outcome = 'refunded' then amount else 0 end) as refunded,
    sum(case when outcome = 'refund_open' then amount else 0 end) as refund_open,
    sum(case when outcome = 'unmatched' then amount else 0 end) as unmatched,
    sum(case when outcome = 'unmatched' then 1 else 0 end) as unmatched_count,
    sum(fees) as fees,
    sum(case when outcome = 'booked' then convenience else 0 end) as convenience,
    sum(case when outcome = 'booked' then 1 else 0 end) as booked_count,
    sum(case when outcome in ('refunded', 'refund_open') then 1 else 0 end) as refund_count
  from (${paymentsBetween(from, to, templeId, { sumsOnly: true })}) p where amount > 0 group by day`;

/** India day → its first instant and the next day's, in UTC as `paid_at` is written (indiaDaysInUtc in SQL). */
const utcStartOf = (day: SQL, days = "+0 days") => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${day}, ${days}, '-330 minutes')`;

/** Rolls up the closed days first..last missing from `ledger_days` (all temples): one statement. */
export function rollUpLedgerDays(first: string, last: string) {
  const missing = missingDays(first, last, sql`select 1 from ledger_days x where x.day = days.day`);
  const lastMissing = sql`(select max(day) from missing)`;
  return sql`insert into ledger_days (day, ${columns(DAY_FIGURES)}) ${missing},
      sums as (${paymentDaySums(utcStartOf(FIRST_MISSING), utcStartOf(lastMissing, "+1 day"), undefined)}),
      counter as (${counterSums(FIRST_MISSING, AFTER_LAST_MISSING, undefined)})
    select m.day, ${columns(DAY_FIGURES.slice(0, -2), (name) => `coalesce(s.${name}, 0)`)},
      coalesce(c.counterAtTemple, 0), coalesce(c.counterCancelled, 0)
    from missing m left join sums s on s.day = m.day left join counter c on c.day = m.day`;
}

export interface LedgerDaySums {
  day: string;
  payments: number;
  received: number;
  booked: number;
  refunded: number;
  refundOpen: number;
  unmatched: number;
  unmatchedCount: number;
  fees: number;
  /** The devotees' convenience fees in booked payments (part of `booked`): the platform's, not the temples'. */
  convenience: number;
  bookedCount: number;
  refundCount: number;
  /** Counter sales of the day received at the temple (cash, UPI to its own QR), and those cancelled: not in `received`. */
  counterAtTemple: number;
  counterCancelled: number;
}

/**
 * The ledger's figures of each India day of first..last that had any (oldest first): all temples' closed days from
 * `ledger_days` (rolled up first where missing, in the same batch), the rest (and a temple's part) summed live.
 */
export async function ledgerDaySums(db: Database, first: string, last: string, templeId: number | undefined, today: string) {
  const { closed, live } = templeId === undefined ? splitAtToday(first, last, today) : { closed: null, live: { first, last } };
  const { from, to } = indiaDaysInUtc(live.first, live.last);
  const zeros = (count: number) => sql.raw(Array(count).fill("0").join(", "));
  const read = sql`select day, ${columns(DAY_FIGURES, (name) => `sum(${name}) as ${camel(name)}`)} from (
      select day, ${columns(DAY_FIGURES)} from ledger_days where day >= ${closed?.first ?? ""} and day <= ${closed?.last ?? ""}
      union all select day, ${columns(DAY_FIGURES.slice(0, -2))}, 0, 0 from (${paymentDaySums(from, to, templeId)})
      union all select day, ${zeros(DAY_FIGURES.length - 2)}, counterAtTemple, counterCancelled
        from (${counterSums(live.first, addDays(live.last, 1), templeId)})
    ) group by day order by day`;
  if (!closed || closed.first > closed.last) return db.all<LedgerDaySums>(read);
  return (await batchSql(db, [rollUpLedgerDays(closed.first, closed.last), read]))[1] as LedgerDaySums[];
}

const camel = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
