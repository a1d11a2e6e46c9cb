/**
 * The operator's ledger: every payment the gateway reported, per India day of a month, with
 * what became of it (booked, refunded, refund due or in progress, or matched to neither), and
 * the gateway's fees. A day closes when received = booked + refunded + refund open + unmatched.
 * With a temple chosen, a payment counts for that temple's part of its order (the frozen lines).
 * Counter takings received at the temple (cash, UPI to its own QR) stand beside the gateway's
 * figures, outside that sum: the gateway never saw them. Counter UPI through the gateway's QR is
 * a gateway payment like any other.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addDays } from "~/domain/bookings/dates";
import { daysOfMonth, indiaDaysInUtc } from "./periods";
import { indiaDayBounds, listRefundedTwice } from "./report.server";
import { listPayoutIssues } from "./payout-report.server";

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
function paymentsBetween(
  from: string,
  to: string,
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

export interface LedgerDay {
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
  /** Counter sales of the day received at the temple (cash, UPI to its own QR), and those cancelled: not in `received`. */
  counterAtTemple: number;
  counterCancelled: number;
}

const FIGURES = [
  "payments",
  "received",
  "booked",
  "refunded",
  "refundOpen",
  "unmatched",
  "unmatchedCount",
  "fees",
  "convenience",
  "counterAtTemple",
  "counterCancelled",
] as const;
const NO_PAYMENTS = Object.fromEntries(FIGURES.map((f) => [f, 0])) as Omit<LedgerDay, "day">;

const LINE_TOTAL = sql`l.amount * l.quantity + case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;

/** Counter sales by India booking day of first..last (a temple's lines when one is chosen): kept at the temple, and cancelled. */
function counterTakingsBetween(db: Database, first: string, last: string, templeId: number | undefined) {
  return db.all<{ day: string; counterAtTemple: number; counterCancelled: number }>(sql`select substr(t.booking_date, 1, 10) as day,
      sum(case when t.cancelled_at is null and t.counter_payment in ('cash', 'upi') then ${LINE_TOTAL} else 0 end) as counterAtTemple,
      sum(case when t.cancelled_at is not null then ${LINE_TOTAL} else 0 end) as counterCancelled
    from transactions t join transaction_lines l on l.transaction_id = t.id
    where t.booking_date >= ${first} and t.booking_date < ${addDays(last, 1)} and t.channel = 'counter' and t.status = 0
      ${templeId === undefined ? sql`` : sql`and l.temple_id = ${templeId}`}
    group by day`);
}

/** Sums of the rows' figures: the ledger's totals row. */
export function ledgerTotals(rows: readonly LedgerDay[]): Omit<LedgerDay, "day"> {
  const totals = Object.fromEntries(FIGURES.map((f) => [f, 0])) as Omit<LedgerDay, "day">;
  for (const row of rows) for (const f of FIGURES) totals[f] += row[f];
  return totals;
}

/** Every day of the month (days without payments as zeros), and the month's totals. */
export async function loadLedgerMonth(db: Database, month: string, templeId?: number) {
  const days = daysOfMonth(month);
  const { from, to } = indiaDaysInUtc(days[0]!, days.at(-1)!);
  const [rows, counter] = await Promise.all([
    db.all<LedgerDay>(sql`select day, count(*) as payments, sum(amount) as received,
      sum(case when outcome = 'booked' then amount else 0 end) as booked,
      sum(case when outcome = 'refunded' then amount else 0 end) as refunded,
      sum(case when outcome = 'refund_open' then amount else 0 end) as refundOpen,
      sum(case when outcome = 'unmatched' then amount else 0 end) as unmatched,
      sum(case when outcome = 'unmatched' then 1 else 0 end) as unmatchedCount,
      sum(fees) as fees,
      sum(case when outcome = 'booked' then convenience else 0 end) as convenience
    from (${paymentsBetween(from, to, templeId, { sumsOnly: true })}) p where amount > 0 group by day order by day`),
    counterTakingsBetween(db, days[0]!, days.at(-1)!, templeId),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const counterOn = new Map(counter.map((row) => [row.day, row]));
  const perDay: LedgerDay[] = days.map((day) => ({
    ...NO_PAYMENTS,
    ...byDay.get(day),
    day,
    counterAtTemple: counterOn.get(day)?.counterAtTemple ?? 0,
    counterCancelled: counterOn.get(day)?.counterCancelled ?? 0,
  }));
  return { perDay, totals: ledgerTotals(perDay) };
}

export interface LedgerPayment {
  paymentRef: string;
  providerOrderId: string;
  provider: string;
  paidAt: string;
  day: string;
  amount: number;
  fees: number;
  outcome: PaymentOutcome;
  receiptNo: string | null;
  refundStatus: string | null;
  refundRef: string | null;
  devoteeName: string;
  devoteeEmail: string;
}

/** The payments of India days first..last with their outcome, oldest first, at most `limit`. */
export function listLedgerPayments(
  db: Database,
  range: { first: string; last: string; templeId?: number; onlyUnmatched?: boolean },
  limit: number,
) {
  const { from, to } = indiaDaysInUtc(range.first, range.last);
  return db.all<LedgerPayment>(sql`select p.payment_ref as paymentRef, p.provider_order_id as providerOrderId, p.provider,
      p.paid_at as paidAt, p.day, p.amount, p.fees, p.outcome, p.receipt_no as receiptNo, p.refund_status as refundStatus,
      p.refund_ref as refundRef, trim(c.first_name || ' ' || coalesce(c.last_name, '')) as devoteeName, c.email as devoteeEmail
    from (${paymentsBetween(from, to, range.templeId, { onlyUnmatched: range.onlyUnmatched })}) p join customers c on c.id = p.customer_id
    where p.amount > 0 ${range.onlyUnmatched ? sql`and p.outcome = 'unmatched'` : sql``}
    order by p.paid_at, p.payment_ref limit ${limit}`);
}

/**
 * The daily reconciliation report: a day's payments, bookings and refunds, what matched neither,
 * and the payments found that day whose money went back more than once (of every temple).
 */
export async function loadDailyReport(db: Database, day: string, templeId?: number) {
  const { from, to } = indiaDayBounds(day);
  const [payments, refundedTwice, payoutIssues] = await Promise.all([
    listLedgerPayments(db, { first: day, last: day, templeId }, REPORT_LIMIT),
    listRefundedTwice(db, from, to),
    listPayoutIssues(db, from, to),
  ]);
  const count = (outcome: PaymentOutcome) => payments.filter((p) => p.outcome === outcome).length;
  return {
    day,
    payments,
    truncated: payments.length === REPORT_LIMIT,
    booked: count("booked"),
    refunds: count("refunded") + count("refund_open"),
    unmatched: payments.filter((p) => p.outcome === "unmatched"),
    refundedTwice,
    // Route (issue 43): lines whose temple's share is neither transferred, refunded nor held with a reason.
    payoutIssues: templeId ? payoutIssues.filter((issue) => issue.templeId === templeId) : payoutIssues,
  };
}
const REPORT_LIMIT = 500;

/** The newest reconciliation run, with its unmatched payments read from their JSON. */
export async function latestReconciliationRun(db: Database) {
  const [run] = await db.all<{
    id: number;
    startedAt: string;
    finishedAt: string | null;
    ordersChecked: number;
    paymentsBooked: number;
    paymentsRefunded: number;
    refundsRetried: number;
    unmatched: string;
    errors: number;
  }>(sql`select id, started_at as startedAt, finished_at as finishedAt, orders_checked as ordersChecked,
      payments_booked as paymentsBooked, payments_refunded as paymentsRefunded, refunds_retried as refundsRetried,
      unmatched, errors from reconciliation_runs order by id desc limit 1`);
  if (!run) return null;
  let unmatched: { paymentRef?: string; amount?: number; orderRef?: string }[] = [];
  try {
    const parsed: unknown = JSON.parse(run.unmatched);
    if (Array.isArray(parsed)) unmatched = parsed.slice(0, 100);
  } catch {
    // A run's JSON is the housekeeping's own; an unreadable one shows as none listed.
  }
  return { ...run, unmatched };
}
