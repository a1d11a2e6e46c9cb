/** The settlement statement as CSV rows (English headings: a data format, the same in every language). */
import type { Database } from "~/db/client.server";
import { toCsv } from "~/lib/csv";
import { settlementByDay, settlementByMonth } from "./settlement.server";

export const SETTLEMENT_CSV_COLUMNS = [
  "Temple",
  "Period",
  "Lines",
  "Pujas (INR)",
  "Postage (INR)",
  "Donations (INR)",
  "Total (INR)",
  // Counter sales (issue 42), after the columns accountants already read.
  "Counter cash (INR)",
  "Counter UPI to temple QR (INR)",
  "Counter UPI via gateway (INR)",
  "Received at temple (INR)",
  "Paid out by portal (INR)",
  "Cancelled counter sales",
  "Cancelled counter sales (INR)",
] as const;

export async function settlementCsv(db: Database, temple: { id: number; name: string }, period: { month: string } | { year: number }) {
  const { rows, totals } =
    "year" in period ? await settlementByMonth(db, temple.id, period.year) : await settlementByDay(db, temple.id, period.month);
  const rupees = (paise: number) => (paise / 100).toFixed(2);
  const line = (label: string, row: typeof totals) => [
    temple.name,
    label,
    row.lines,
    rupees(row.pujas),
    rupees(row.postage),
    rupees(row.donations),
    rupees(row.total),
    rupees(row.counterCash),
    rupees(row.counterUpi),
    rupees(row.counterGatewayUpi),
    rupees(row.atTemple),
    rupees(row.paidOut),
    row.cancelledSales,
    rupees(row.cancelled),
  ];
  return toCsv(SETTLEMENT_CSV_COLUMNS, [...rows.map((row) => line(row.period, row)), line("Total", totals)]);
}
