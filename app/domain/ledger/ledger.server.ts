/**
 * The operator's ledger: every payment the gateway reported, per India day of a month, with
 * what became of it (booked, refunded, refund due or in progress, or matched to neither), and
 * the gateway's fees. A day closes when received = booked + refunded + refund open + unmatched.
 * With a temple chosen, a payment counts for that temple's part of its order (the frozen lines).
 * Counter takings received at the temple (cash, UPI to its own QR) stand beside the gateway's
 * figures, outside that sum: the gateway never saw them. Counter UPI through the gateway's QR is
 * a gateway payment like any other.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { todayInIndia } from "~/lib/india-time";
import { type LedgerDaySums, ledgerDaySums, type PaymentOutcome, paymentsBetween } from "./ledger-payments.server";
import { daysOfMonth, indiaDaysInUtc } from "./periods";

export type { PaymentOutcome } from "./ledger-payments.server";
import { indiaDayBounds, listRefundedTwice } from "./report.server";
import { listPayoutIssues } from "./payout-report.server";

/** A day of the ledger as its pages show it: the day's sums without the report's counts. */
export type LedgerDay = Omit<LedgerDaySums, "bookedCount" | "refundCount">;

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

/** Sums of the rows' figures: the ledger's totals row. */
export function ledgerTotals(rows: readonly LedgerDay[]): Omit<LedgerDay, "day"> {
  const totals = Object.fromEntries(FIGURES.map((f) => [f, 0])) as Omit<LedgerDay, "day">;
  for (const row of rows) for (const f of FIGURES) totals[f] += row[f];
  return totals;
}

/**
 * Every day of the month (days without payments as zeros), and the month's totals. Closed days of all temples come from
 * their rollup (issue 44); `today` (India) says which days are closed.
 */
export async function loadLedgerMonth(db: Database, month: string, templeId?: number, today = todayInIndia()) {
  const days = daysOfMonth(month);
  return ledgerMonthOf(month, await ledgerDaySums(db, days[0]!, days.at(-1)!, templeId, today));
}

/** The month's rows and totals from its days' sums (ledgerDaySums). */
export function ledgerMonthOf(month: string, sums: readonly LedgerDaySums[]) {
  const byDay = new Map(sums.map((row) => [row.day, row]));
  const perDay: LedgerDay[] = daysOfMonth(month).map((day) => {
    const row = byDay.get(day);
    return row ? ({ day, ...Object.fromEntries(FIGURES.map((f) => [f, row[f]])) } as LedgerDay) : { ...NO_PAYMENTS, day };
  });
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

/** The payments of India days first..last with their outcome, oldest first, at most `limit` (after skipping `offset`). */
export function listLedgerPayments(
  db: Database,
  range: { first: string; last: string; templeId?: number; onlyUnmatched?: boolean },
  limit: number,
  offset = 0,
) {
  const { from, to } = indiaDaysInUtc(range.first, range.last);
  return db.all<LedgerPayment>(sql`select p.payment_ref as paymentRef, p.provider_order_id as providerOrderId, p.provider,
      p.paid_at as paidAt, p.day, p.amount, p.fees, p.outcome, p.receipt_no as receiptNo, p.refund_status as refundStatus,
      p.refund_ref as refundRef, trim(c.first_name || ' ' || coalesce(c.last_name, '')) as devoteeName, c.email as devoteeEmail
    from (${paymentsBetween(from, to, range.templeId, { onlyUnmatched: range.onlyUnmatched })}) p join customers c on c.id = p.customer_id
    where p.amount > 0 ${range.onlyUnmatched ? sql`and p.outcome = 'unmatched'` : sql``}
    order by p.paid_at, p.payment_ref limit ${limit} offset ${offset}`);
}

/** The report lists a day's payments this many a page (issue 44: a festival day has thousands; the CSV has them all). */
export const REPORT_PAGE = 50;

/** Where a page of the report sits in the day's payments: 1-based, the last page when asked past it. */
export function reportPaging(page: number, total: number) {
  const last = Math.max(1, Math.ceil(total / REPORT_PAGE));
  const at = Math.min(Math.max(1, page), last);
  return { page: at, from: total === 0 ? 0 : (at - 1) * REPORT_PAGE + 1, to: Math.min(at * REPORT_PAGE, total), total, hasNext: at < last };
}

/**
 * The daily reconciliation report: a day's payments (a page of them), bookings and refunds, what matched neither,
 * and the payments found that day whose money went back more than once (of every temple). The counts are the
 * day's sums over all its payments, summed in SQL (issue 44), never counted from the listed page.
 */
export async function loadDailyReport(
  db: Database,
  day: string,
  templeId?: number,
  today = todayInIndia(),
  /** The sums of days including this one, when the caller reads them anyway (the ledger's month). */
  daySums?: Promise<readonly LedgerDaySums[]>,
  page = 1,
) {
  const { from, to } = indiaDayBounds(day);
  const range = { first: day, last: day, templeId };
  const [listed, daysSummed, refundedTwice, payoutIssues] = await Promise.all([
    listLedgerPayments(db, range, REPORT_PAGE, (Math.max(1, page) - 1) * REPORT_PAGE),
    daySums ?? ledgerDaySums(db, day, day, templeId, today),
    listRefundedTwice(db, from, to),
    listPayoutIssues(db, from, to),
  ]);
  const sums = daysSummed.find((summed) => summed.day === day);
  const paging = reportPaging(page, sums?.payments ?? 0);
  // Asked past the day's last page: that page (read again; a page in range was read with the rest).
  const payments =
    listed.length === 0 && paging.page < page ? await listLedgerPayments(db, range, REPORT_PAGE, (paging.page - 1) * REPORT_PAGE) : listed;
  return {
    day,
    payments,
    paging,
    booked: sums?.bookedCount ?? 0,
    refunds: sums?.refundCount ?? 0,
    unmatched: sums?.unmatchedCount ?? 0,
    refundedTwice,
    // Route (issue 43): lines whose temple's share is neither transferred, refunded nor held with a reason.
    payoutIssues: templeId ? payoutIssues.filter((issue) => issue.templeId === templeId) : payoutIssues,
  };
}

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
