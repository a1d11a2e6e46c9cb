/**
 * The settlement statement as CSV rows (English headings and words: a data format, the same in
 * every language). A month is the temple's bank view, one row per booked line; a year is one row
 * per month. The columns accountants already read come first, in their order, each line or month
 * counted as before; the bank view's columns (issue 43) come after them.
 */
import type { Database } from "~/db/client.server";
import { toCsv } from "~/lib/csv";
import type { PayoutFigures } from "./payout-state";
import { payoutFiguresOfMonths, type StatementLine, statementLines } from "./payout-statement.server";
import { monthsOfYear } from "./periods";
import { type SettlementFigures, settlementByMonth, settlementTotals } from "./settlement.server";

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
  // The bank view (issue 43): a month's rows are its lines; a year's months leave the line's own columns empty.
  "Tracking no",
  "Item",
  "Amount (INR)",
  "Platform fee (INR)",
  "GST on fee (INR)",
  "Temple share (INR)",
  "Transfer id",
  "Status",
  "Settlement date",
  "UTR",
  "Reversed (INR)",
  "Transferred (INR)",
  "Held (INR)",
  "Settled (INR)",
] as const;

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** A line's status in the accountant's words. */
export function statusWords(line: Pick<StatementLine, "state" | "holdUntil">): string {
  switch (line.state) {
    case "held":
      return line.holdUntil ? `held until ${line.holdUntil}` : "held until the puja is done";
    case "at_temple":
      return "received at the temple";
    case "cancelled":
      return "cancelled at the counter";
    case "outside":
      return "paid out by Sannidhi outside the portal";
    case "pending":
      return "transfer pending";
    case "failed":
      return "transfer failed";
    default:
      return line.state;
  }
}

/** What one line adds to the statement's older columns, counted as `settlementByDay` counts it. */
function olderFigures(line: StatementLine, firstOfSale: boolean): SettlementFigures {
  const kept = !line.cancelled && !line.lineCancelled;
  const total = line.price + line.postage;
  const counter = (payment: string) => (kept && line.channel === "counter" && line.counterPayment === payment ? total : 0);
  const atTemple = counter("cash") + counter("upi");
  return {
    lines: kept ? 1 : 0,
    pujas: kept && line.itemType === "PUJA" ? line.price : 0,
    postage: kept ? line.postage : 0,
    donations: kept && line.itemType === "DONATION" ? line.price : 0,
    total: kept ? total : 0,
    counterCash: counter("cash"),
    counterUpi: counter("upi"),
    counterGatewayUpi: counter("upi_qr"),
    atTemple,
    paidOut: kept ? total - atTemple : 0,
    cancelledSales: line.cancelled && !line.lineCancelled && firstOfSale ? 1 : 0,
    cancelled: line.cancelled && !line.lineCancelled ? total : 0,
  };
}

const olderCells = (row: SettlementFigures) => [
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

const bankCells = (row: Pick<PayoutFigures, "booked" | "fee" | "gst" | "reversed" | "transferred" | "held" | "settled">) => ({
  amount: rupees(row.booked),
  fee: rupees(row.fee),
  gst: rupees(row.gst),
  share: rupees(row.booked - row.fee - row.gst),
  reversed: rupees(row.reversed),
  transferred: rupees(row.transferred),
  held: rupees(row.held),
  settled: rupees(row.settled),
});

function sumInto<T extends object>(into: T, add: T) {
  for (const key of Object.keys(add) as (keyof T)[]) (into[key] as number) += add[key] as number;
}

function monthCsv(temple: string, lines: readonly StatementLine[]) {
  const older = settlementTotals([]);
  const bank = { booked: 0, fee: 0, gst: 0, reversed: 0, transferred: 0, held: 0, settled: 0 };
  const seenSales = new Set<number>();
  const rows = lines.map((line) => {
    const figures = olderFigures(line, !seenSales.has(line.transactionId));
    seenSales.add(line.transactionId);
    sumInto(older, figures);
    const counted = line.state !== "cancelled";
    const transferred = ["released", "settled", "reversed"].includes(line.state) ? line.share : 0;
    const money = {
      booked: counted ? line.booked : 0,
      fee: line.fee,
      gst: line.gst,
      reversed: line.reversed,
      transferred,
      held: line.state === "held" ? line.share : 0,
      settled: line.state === "settled" ? line.share : 0,
    };
    sumInto(bank, money);
    const cells = bankCells(money);
    return [
      temple,
      line.day,
      ...olderCells(figures),
      line.trackingNo,
      line.itemName,
      rupees(line.booked),
      cells.fee,
      cells.gst,
      rupees(line.share),
      line.transferRef ?? "",
      statusWords(line),
      line.settledOn ?? "",
      line.utr ?? "",
      cells.reversed,
      cells.transferred,
      cells.held,
      cells.settled,
    ];
  });
  const totals = bankCells(bank);
  const totalRow = [temple, "Total", ...olderCells(older), "", "", totals.amount, totals.fee, totals.gst, totals.share, "", "", "", ""];
  return toCsv(SETTLEMENT_CSV_COLUMNS, [...rows, [...totalRow, totals.reversed, totals.transferred, totals.held, totals.settled]]);
}

async function yearCsv(db: Database, temple: { id: number; name: string }, year: number) {
  const [{ rows, totals }, months] = await Promise.all([
    settlementByMonth(db, temple.id, year),
    payoutFiguresOfMonths(db, temple.id, monthsOfYear(year)),
  ]);
  const bankTotals = { booked: 0, fee: 0, gst: 0, reversed: 0, transferred: 0, held: 0, settled: 0 };
  const line = (label: string, older: SettlementFigures, bank: typeof bankTotals) => {
    const cells = bankCells(bank);
    return [temple.name, label, ...olderCells(older), "", "", cells.amount, cells.fee, cells.gst, cells.share, "", "", "", ""].concat([
      cells.reversed,
      cells.transferred,
      cells.held,
      cells.settled,
    ]);
  };
  const monthRows = rows.map((row, index) => {
    const { booked, fee, gst, reversed, transferred, held, settled } = months[index]!;
    const bank = { booked, fee, gst, reversed, transferred, held, settled };
    sumInto(bankTotals, bank);
    return line(row.period, row, bank);
  });
  return toCsv(SETTLEMENT_CSV_COLUMNS, [...monthRows, line("Total", totals, bankTotals)]);
}

export async function settlementCsv(db: Database, temple: { id: number; name: string }, period: { month: string } | { year: number }) {
  if ("year" in period) return yearCsv(db, temple, period.year);
  return monthCsv(temple.name, await statementLines(db, temple.id, period.month));
}
