/**
 * The temple's counter day as CSV for its accountant (English headings: a data format, the same in
 * every language): every sale and cancellation of the day's shifts in order, then each shift's
 * float, expected and counted cash and difference. Amounts in rupees; money in and out in their
 * own columns, so no cell starts with a minus sign.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { counterShifts } from "~/db/schema";
import { toCsv } from "~/lib/csv";
import { indiaMinute } from "~/lib/india-time";
import { bookRows, loadCounterDay } from "./cash-book.server";

export const COUNTER_DAY_CSV_COLUMNS = [
  "Day",
  "Shift",
  "Staff",
  "Time (IST)",
  "Entry",
  "Receipt no",
  "Tracking no",
  "Item",
  "Devotees",
  "Payment",
  "In (INR)",
  "Out (INR)",
  "Reason",
  "Expected cash (INR)",
  "Counted cash (INR)",
  "Difference (INR)",
] as const;

/** A day's entries at most: a busy temple's counters sell a few thousand a day. */
const DAY_ROWS = 20_000;

const rupees = (paise: number | null) => (paise === null ? "" : (Math.abs(paise) / 100).toFixed(2));

export async function counterDayCsv(db: Database, templeId: number, day: string): Promise<string> {
  const counterDay = await loadCounterDay(db, templeId, day);
  const staffOf = new Map(counterDay.shifts.map((shift) => [shift.id, shift.staffName]));
  const dayShifts = sql`(select ${counterShifts.id} from ${counterShifts}
    where ${counterShifts.templeId} = ${templeId} and ${counterShifts.day} = ${day})`;
  const rows = await bookRows(db, dayShifts, DAY_ROWS);
  const entries: { at: string; cells: (string | number | null)[] }[] = [];
  for (const row of rows) {
    const common = [row.receiptNo, row.trackingNo, row.item ?? "", row.devotees ?? "", row.payment ?? "cash"];
    if (row.counterShiftId !== null && staffOf.has(row.counterShiftId)) {
      const cells = [day, row.counterShiftId, staffOf.get(row.counterShiftId)!, indiaMinute(row.bookingDate), "Sale", ...common];
      entries.push({ at: row.bookingDate, cells: [...cells, rupees(row.total), "", "", "", "", ""] });
    }
    if (row.cancelledAt && row.cancelShiftId !== null && staffOf.has(row.cancelShiftId)) {
      const cells = [day, row.cancelShiftId, staffOf.get(row.cancelShiftId)!, indiaMinute(row.cancelledAt), "Cancellation", ...common];
      entries.push({ at: row.cancelledAt, cells: [...cells, "", rupees(row.total), row.cancelReason ?? "", "", "", ""] });
    }
  }
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const summaries = counterDay.shifts.map((shift) => {
    const difference =
      shift.difference === null
        ? ""
        : `${shift.difference < 0 ? "short " : shift.difference > 0 ? "over " : ""}${rupees(shift.difference)}`;
    return [
      day,
      shift.id,
      shift.staffName,
      shift.closedAt ? indiaMinute(shift.closedAt) : "",
      shift.closedAt ? "Shift closed" : "Shift open",
      "",
      "",
      "",
      "",
      "",
      rupees(shift.openingFloat),
      "",
      shift.closeNote ?? "",
      rupees(shift.expectedCash),
      rupees(shift.countedCash),
      difference,
    ];
  });
  return toCsv(COUNTER_DAY_CSV_COLUMNS, [...entries.map((entry) => entry.cells), ...summaries]);
}
