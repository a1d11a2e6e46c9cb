/** What the operator's ledger page shows for a month (and a temple, and a day's report), in one place. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { latestReconciliationRun, listLedgerPayments, loadDailyReport, loadLedgerMonth } from "./ledger.server";
import { addDays } from "~/domain/bookings/dates";
import { daysOfMonth } from "./periods";

const UNMATCHED_SHOWN = 50;

/**
 * The temples with booked lines in the month (the filter's choices), and the one asked for: one look into each temple's
 * lines by booking date (the transaction_lines_temple_booked index), never every booking of the month (issue 44).
 */
function templesOfMonth(db: Database, month: string, templeId: number | undefined) {
  const days = daysOfMonth(month);
  return db.all<{ id: number; name: string }>(sql`select t.id, t.display_name as name from temples t
    where exists (select 1 from transaction_lines l
        where l.temple_id = t.id and l.booked_at >= ${days[0]} and l.booked_at < ${addDays(days.at(-1)!, 1)})
      or t.id = ${templeId ?? 0}
    order by t.display_name limit 500`);
}

export async function loadLedgerView(db: Database, query: { month: string; templeId?: number; day?: string }, today: string) {
  const days = daysOfMonth(query.month);
  const day = query.day && days.includes(query.day) ? query.day : days.includes(today) ? today : days.at(-1)!;
  const [ledger, report, unmatched, run, temples] = await Promise.all([
    loadLedgerMonth(db, query.month, query.templeId),
    loadDailyReport(db, day, query.templeId),
    listLedgerPayments(db, { first: days[0]!, last: days.at(-1)!, templeId: query.templeId, onlyUnmatched: true }, UNMATCHED_SHOWN),
    latestReconciliationRun(db),
    templesOfMonth(db, query.month, query.templeId),
  ]);
  const temple = query.templeId === undefined ? null : (temples.find((t) => t.id === query.templeId) ?? null);
  return { month: query.month, templeId: query.templeId ?? null, temple, day, ledger, report, unmatched, run, temples };
}

export type LedgerView = Awaited<ReturnType<typeof loadLedgerView>>;

/** The CSV's rows: every payment of the month with what became of it (at most `limit`). */
export const LEDGER_CSV_COLUMNS = [
  "Day (India)",
  "Paid at (UTC)",
  "Payment",
  "Order",
  "Gateway",
  "Devotee",
  "E-mail",
  "Amount (INR)",
  "Gateway fees (INR)",
  "Outcome",
  "Receipt No",
  "Refund status",
  "Refund reference",
] as const;
export const LEDGER_CSV_LIMIT = 20_000;

export async function ledgerCsvRows(db: Database, month: string, templeId?: number) {
  const days = daysOfMonth(month);
  const rows = await listLedgerPayments(db, { first: days[0]!, last: days.at(-1)!, templeId }, LEDGER_CSV_LIMIT);
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  return rows.map((p) => [
    p.day,
    p.paidAt,
    p.paymentRef,
    p.providerOrderId,
    p.provider,
    p.devoteeName,
    p.devoteeEmail,
    rupees(p.amount),
    rupees(p.fees),
    p.outcome,
    p.receiptNo,
    p.refundStatus,
    p.refundRef,
  ]);
}
