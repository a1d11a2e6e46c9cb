/**
 * The cash book of a counter shift (its sales and the cancellations made in it, in order, with
 * totals by how they were paid and the cash the drawer should hold) and the temple's counter day
 * (every shift of a day, who kept it, its totals and its difference).
 */
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { counterShifts, customers, transactions } from "~/db/schema";
import { COUNTER_METHODS, type CounterMethod } from "./shift-inputs";
import { findShift } from "./shifts.server";

/** A shift's book lists at most this many entries (its totals count them all). */
export const CASH_BOOK_ROWS = 2000;

export type MethodTotals = Record<CounterMethod, number>;
const noTotals = (): MethodTotals => ({ cash: 0, upi: 0, upi_qr: 0 });

export interface CashBookEntry {
  kind: "sale" | "cancel";
  at: string;
  trackingNo: string;
  receiptNo: string;
  payment: CounterMethod;
  total: number;
  item: string;
  devotees: string;
  soldByName: string;
  /** On a sale: it was cancelled later (maybe in another shift), and why. */
  cancelledAt: string | null;
  cancelReason: string | null;
  cancelledByName: string | null;
  /** Whether its seller's shift is still open (the seller may cancel it only then). */
  shiftOpen: boolean;
  soldBy: number | null;
}

const method = (value: string | null): CounterMethod => (value === "upi" || value === "upi_qr" ? value : "cash");

/**
 * The counter sales made in the shifts `shiftIds` (an SQL list or subquery) and those cancelled
 * in them, in sale order, at most `limit` rows.
 */
export function bookRows(db: Database, shiftIds: SQL, limit = CASH_BOOK_ROWS * 2) {
  const sellers = sql`(select first_name || ' ' || last_name from ${customers} where id = ${transactions.soldBy})`;
  const cancellers = sql`(select first_name || ' ' || last_name from ${customers} where id = ${transactions.cancelledBy})`;
  return db
    .select({
      id: transactions.id,
      bookingDate: transactions.bookingDate,
      trackingNo: transactions.trackingNo,
      receiptNo: transactions.receiptNo,
      total: transactions.total,
      payment: transactions.counterPayment,
      soldBy: transactions.soldBy,
      soldByName: sql<string>`${sellers}`,
      counterShiftId: transactions.counterShiftId,
      cancelShiftId: transactions.cancelShiftId,
      cancelledAt: transactions.cancelledAt,
      cancelReason: transactions.cancelReason,
      cancelledByName: sql<string | null>`${cancellers}`,
      shiftOpen: sql<number>`(select ${counterShifts.closedAt} is null from ${counterShifts}
        where ${counterShifts.id} = ${transactions.counterShiftId})`,
      item: sql<string>`(select item_name from transaction_lines where transaction_id = ${transactions.id} order by id limit 1)`,
      devotees: sql<string>`(select group_concat(devotee_name, ', ') from transaction_lines where transaction_id = ${transactions.id})`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.channel, "counter"),
        or(sql`${transactions.counterShiftId} in ${shiftIds}`, sql`${transactions.cancelShiftId} in ${shiftIds}`),
      ),
    )
    .orderBy(asc(transactions.id))
    .limit(limit);
}

/** A shift's book: its entries in order, totals by method (sales, cancellations, net) and its cash. */
export async function loadCashBook(db: Database, templeId: number, shiftId: number) {
  const shift = await findShift(db, templeId, shiftId);
  if (!shift) return null;
  const rows = await bookRows(db, sql`(${shift.id})`);
  const sales = noTotals();
  const cancelled = noTotals();
  const entries: CashBookEntry[] = [];
  for (const row of rows) {
    const base = {
      trackingNo: row.trackingNo,
      receiptNo: row.receiptNo,
      payment: method(row.payment),
      total: row.total,
      item: row.item ?? "",
      devotees: row.devotees ?? "",
      soldByName: row.soldByName ?? "",
      cancelledAt: row.cancelledAt,
      cancelReason: row.cancelReason,
      cancelledByName: row.cancelledByName,
      shiftOpen: Boolean(row.shiftOpen),
      soldBy: row.soldBy,
    };
    if (row.counterShiftId === shift.id) {
      sales[base.payment] += row.total;
      entries.push({ kind: "sale", at: row.bookingDate, ...base });
    }
    if (row.cancelShiftId === shift.id && row.cancelledAt) {
      cancelled[base.payment] += row.total;
      entries.push({ kind: "cancel", at: row.cancelledAt, ...base });
    }
  }
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const net = Object.fromEntries(COUNTER_METHODS.map((m) => [m, sales[m] - cancelled[m]])) as MethodTotals;
  const expectedCash = shift.openingFloat + net.cash;
  return { shift, entries: entries.slice(0, CASH_BOOK_ROWS), sales, cancelled, net, expectedCash };
}

export type CashBook = NonNullable<Awaited<ReturnType<typeof loadCashBook>>>;

/** Every shift of a temple's day with who kept it, its totals by method and its difference; closed when all are. */
export async function loadCounterDay(db: Database, templeId: number, day: string) {
  const shifts = await db
    .select({
      id: counterShifts.id,
      staffName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      openedAt: counterShifts.openedAt,
      closedAt: counterShifts.closedAt,
      openingFloat: counterShifts.openingFloat,
      countedCash: counterShifts.countedCash,
      expectedCash: counterShifts.expectedCash,
      difference: counterShifts.difference,
      closeNote: counterShifts.closeNote,
    })
    .from(counterShifts)
    .innerJoin(customers, eq(customers.id, counterShifts.staffId))
    .where(and(eq(counterShifts.templeId, templeId), eq(counterShifts.day, day)))
    .orderBy(asc(counterShifts.openedAt), asc(counterShifts.id))
    // Their ids go into one `in (...)`: under D1's 100 bound parameters.
    .limit(90);
  const ids = shifts.map((s) => s.id);
  const [sold, cancelled] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([sumsBy(db, transactions.counterShiftId, ids), sumsBy(db, transactions.cancelShiftId, ids)]);
  const totalsOf = (rows: { shiftId: number | null; payment: string | null; total: number }[], shiftId: number) => {
    const totals = noTotals();
    for (const row of rows) if (row.shiftId === shiftId) totals[method(row.payment)] += row.total;
    return totals;
  };
  const rows = shifts.map((shift) => {
    const sales = totalsOf(sold, shift.id);
    const cancels = totalsOf(cancelled, shift.id);
    const net = Object.fromEntries(COUNTER_METHODS.map((m) => [m, sales[m] - cancels[m]])) as MethodTotals;
    return { ...shift, net, expectedCash: shift.expectedCash ?? shift.openingFloat + net.cash };
  });
  const open = rows.filter((r) => !r.closedAt).length;
  const day_ = { open, closed: rows.length > 0 && open === 0 };
  const totals = noTotals();
  for (const row of rows) for (const m of COUNTER_METHODS) totals[m] += row.net[m];
  return { shifts: rows, totals, ...day_ };
}

export type CounterDay = Awaited<ReturnType<typeof loadCounterDay>>;

/** Counter totals of the shifts `ids` by method, through `column` (the sale's shift or the cancelling one). */
function sumsBy(db: Database, column: typeof transactions.counterShiftId | typeof transactions.cancelShiftId, ids: number[]) {
  return db
    .select({ shiftId: column, payment: transactions.counterPayment, total: sql<number>`sum(${transactions.total})` })
    .from(transactions)
    .where(and(inArray(column, ids), eq(transactions.channel, "counter")))
    .groupBy(column, transactions.counterPayment);
}
