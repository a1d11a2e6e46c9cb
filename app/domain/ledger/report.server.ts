/**
 * The daily report: a day's payments (India's calendar day, by when they were made) and
 * where each went. Received = booked + refunded + refunds in progress + refunds due +
 * unmatched, so the ledger closes; unmatched lists every captured payment with neither a
 * booking nor a refund (goal: none), which reconciliation settles on its next runs; refunded
 * twice lists the payments found that day whose money went back more than once (goal: none).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { indiaInstant } from "~/lib/india-time";
import { type LinePayout, listPayoutIssues } from "./payout-report.server";

export interface Tally {
  count: number;
  amount: number;
}

export interface UnmatchedPayment {
  paymentRef: string;
  amount: number;
  orderRef: string;
  paidAt: string;
}

/** A payment whose money went back more than once: the operator recovers the extra refund. */
export interface RefundedTwicePayment {
  paymentRef: string;
  amount: number;
  orderRef: string;
  /** How the portal settled it: refunded (at the gateway) or outside (by an operator). */
  refundStatus: string;
  refundRef: string | null;
  outsideReference: string | null;
  foundAt: string;
}

export interface DailyReport {
  day: string;
  /** Captured payments (and those refunded since): the money that came in. */
  received: Tally;
  booked: Tally;
  /** Refunds the gateway processed, or an operator settled outside the portal. */
  refunded: Tally;
  /** Refunds the gateway accepted and has not processed yet. */
  refundPending: Tally;
  /** Refunds not accepted yet (retried with backoff, being sent, or the operator's to settle). */
  refundDue: Tally;
  /** The gateway's fees and the tax on them, where it reported them. */
  fees: { fee: number; tax: number };
  unmatched: UnmatchedPayment[];
  /** Payments found that day (by a webhook or reconciliation) whose money went back more than once. */
  refundedTwice: RefundedTwicePayment[];
  /** Booked lines whose temple's share is neither transferred, refunded nor held with a reason (Route, issue 43; goal: none). */
  payoutIssues: LinePayout[];
}

export const reportDaySchema = z.iso.date("Choose a day as YYYY-MM-DD.");

/** The UTC ISO bounds [from, to) of an Indian calendar day. */
export function indiaDayBounds(day: string): { from: string; to: string } {
  const start = indiaInstant(day, "00:00");
  return { from: new Date(start).toISOString(), to: new Date(start + 86_400_000).toISOString() };
}

const RECEIVED = sql.raw(`g.status in ('captured', 'refunded')`);

export async function dailyReport(db: Database, day: string): Promise<DailyReport> {
  const { from, to } = indiaDayBounds(reportDaySchema.parse(day));
  const [totals] = await db.all<{
    received_n: number;
    received: number;
    booked_n: number;
    booked: number;
    refunded_n: number;
    refunded: number;
    pending_n: number;
    pending: number;
    due_n: number;
    due: number;
    fee: number;
    tax: number;
  }>(sql`select
      count(*) as received_n, coalesce(sum(g.amount), 0) as received,
      count(t.id) as booked_n, coalesce(sum(case when t.id is not null then g.amount end), 0) as booked,
      count(case when t.id is null and r.status in ('refunded', 'outside') then 1 end) as refunded_n,
      coalesce(sum(case when t.id is null and r.status in ('refunded', 'outside') then r.amount end), 0) as refunded,
      count(case when t.id is null and r.status = 'pending' then 1 end) as pending_n,
      coalesce(sum(case when t.id is null and r.status = 'pending' then r.amount end), 0) as pending,
      count(case when t.id is null and r.status in ('due', 'sending') then 1 end) as due_n,
      coalesce(sum(case when t.id is null and r.status in ('due', 'sending') then r.amount end), 0) as due,
      coalesce(sum(g.fee), 0) as fee, coalesce(sum(g.tax), 0) as tax
    from gateway_payments g
    left join transactions t on t.payment_ref = g.payment_ref
    left join payment_refunds r on r.payment_ref = g.payment_ref
    where ${RECEIVED} and g.paid_at >= ${from} and g.paid_at < ${to}`);
  const row = totals!;
  return {
    day,
    received: { count: row.received_n, amount: row.received },
    booked: { count: row.booked_n, amount: row.booked },
    refunded: { count: row.refunded_n, amount: row.refunded },
    refundPending: { count: row.pending_n, amount: row.pending },
    refundDue: { count: row.due_n, amount: row.due },
    fees: { fee: row.fee, tax: row.tax },
    unmatched: await listUnmatchedPayments(db, from, to),
    refundedTwice: await listRefundedTwice(db, from, to),
    payoutIssues: await listPayoutIssues(db, from, to),
  };
}

/** Payments found in [from, to) to have had their money go back more than once (at most 200). */
export async function listRefundedTwice(db: Database, from: string, to: string): Promise<RefundedTwicePayment[]> {
  return db.all<RefundedTwicePayment>(sql`select
      r.payment_ref as paymentRef, r.amount as amount, o.provider_order_id as orderRef, r.status as refundStatus,
      r.refund_ref as refundRef, r.outside_reference as outsideReference, r.refunded_twice_at as foundAt
    from payment_refunds r join payment_orders o on o.id = r.payment_order_id
    where r.refunded_twice_at >= ${from} and r.refunded_twice_at < ${to}
    order by r.refunded_twice_at limit 200`);
}

/** Captured payments made in [from, to) with neither a booking nor a refund record (at most 200). */
export async function listUnmatchedPayments(db: Database, from: string, to: string): Promise<UnmatchedPayment[]> {
  return db.all<UnmatchedPayment>(sql`select
      g.payment_ref as paymentRef, g.amount as amount, o.provider_order_id as orderRef, g.paid_at as paidAt
    from gateway_payments g join payment_orders o on o.id = g.payment_order_id
    where ${RECEIVED} and g.paid_at >= ${from} and g.paid_at < ${to}
      and not exists (select 1 from transactions t where t.payment_ref = g.payment_ref)
      and not exists (select 1 from payment_refunds r where r.payment_ref = g.payment_ref)
    order by g.paid_at limit 200`);
}
