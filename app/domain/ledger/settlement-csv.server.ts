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
  ];
  return toCsv(SETTLEMENT_CSV_COLUMNS, [...rows.map((row) => line(row.period, row)), line("Total", totals)]);
}
