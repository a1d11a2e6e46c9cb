/** What the operator's ledger page shows for a month (and a temple, and a day's report), in one place. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type LedgerDay, latestReconciliationRun, ledgerMonthOf, listLedgerPayments, loadDailyReport } from "./ledger.server";
import { ledgerDaySums } from "./ledger-payments.server";
import { addDays } from "~/domain/bookings/dates";
import { daysOfMonth } from "./periods";

const UNMATCHED_SHOWN = 50;
/** The temple search's matches shown at most: the operator types more of the name to narrow them. */
export const TEMPLES_FOUND = 20;

/** The temple asked for, by id (its name for the heading and the filter). */
async function templeNamed(db: Database, templeId: number | undefined) {
  if (templeId === undefined) return null;
  const [temple] = await db.all<{ id: number; name: string }>(sql`select id, display_name as name from temples where id = ${templeId}`);
  return temple ?? null;
}

/**
 * The temple filter's search (issue 44: never a list of every temple of the month, 500 options and 10,000 probes on
 * each view): temples whose name holds `text` (any case) with booked lines in the month, by name, at most TEMPLES_FOUND
 * and one more to say there are more. Each name match is looked up in its lines by booking date (transaction_lines_temple_booked).
 */
async function templesMatching(db: Database, month: string, text: string) {
  const days = daysOfMonth(month);
  const found = await db.all<{ id: number; name: string }>(sql`select t.id, t.display_name as name from temples t
    where instr(lower(t.display_name), lower(${text})) > 0
      and exists (select 1 from transaction_lines l
        where l.temple_id = t.id and l.booked_at >= ${days[0]} and l.booked_at < ${addDays(days.at(-1)!, 1)})
    order by t.display_name, t.id limit ${TEMPLES_FOUND + 1}`);
  return { text, temples: found.slice(0, TEMPLES_FOUND), more: found.length > TEMPLES_FOUND };
}

/**
 * The month's first unmatched payments, read only from the days whose figures count some (issue 44: never by looking
 * through the month's 71,000 payments at a million bookings): up to the day by which `UNMATCHED_SHOWN` are counted.
 */
async function firstUnmatched(db: Database, perDay: readonly LedgerDay[], templeId: number | undefined) {
  const days = perDay.filter((day) => day.unmatchedCount > 0).map((day) => ({ day: day.day, count: day.unmatchedCount }));
  if (days.length === 0) return [];
  const lastDay = days.at(-1)!.day;
  let counted = 0;
  const enough = days.find((day) => (counted += day.count) >= UNMATCHED_SHOWN)?.day ?? lastDay;
  const range = { templeId, onlyUnmatched: true };
  const listed = await listLedgerPayments(db, { ...range, first: days[0]!.day, last: enough }, UNMATCHED_SHOWN);
  // A payment counted but not listed (no devotee row) leaves the list short: the rest of the month fills it.
  if (listed.length === UNMATCHED_SHOWN || enough === lastDay) return listed;
  return [
    ...listed,
    ...(await listLedgerPayments(db, { ...range, first: addDays(enough, 1), last: lastDay }, UNMATCHED_SHOWN - listed.length)),
  ];
}

export async function loadLedgerView(
  db: Database,
  query: { month: string; templeId?: number; day?: string; page?: number; temple?: string },
  today: string,
) {
  const days = daysOfMonth(query.month);
  const day = query.day && days.includes(query.day) ? query.day : days.includes(today) ? today : days.at(-1)!;
  const daySums = ledgerDaySums(db, days[0]!, days.at(-1)!, query.templeId, today);
  const monthAndUnmatched = daySums.then(async (sums) => {
    const ledger = ledgerMonthOf(query.month, sums);
    return { ledger, unmatched: await firstUnmatched(db, ledger.perDay, query.templeId) };
  });
  const [{ ledger, unmatched }, report, run, temple, search] = await Promise.all([
    monthAndUnmatched,
    loadDailyReport(db, day, query.templeId, today, daySums, query.page),
    latestReconciliationRun(db),
    templeNamed(db, query.templeId),
    query.temple ? templesMatching(db, query.month, query.temple) : null,
  ]);
  return { month: query.month, templeId: query.templeId ?? null, temple, day, ledger, report, unmatched, run, search };
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
