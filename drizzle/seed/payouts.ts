/**
 * Demo Route transfers (issue 43) for the desk's bank view: the demo staff's temples get
 * transfers for their latest seeded online bookings (within the last 12 months), oldest first
 * settled (with a settlement id and a UTR), settled, released, then held until after the puja,
 * with fixed fake ids (trf_demo…, setl_demo…, UTRDEMO…), so a newcomer sees each state after
 * `npm start`. The fee is the seeded rule's (5% on pujas, none on donations), worked out as
 * the transfers work it out (app/domain/ledger/fees.ts).
 */
import { lineFee } from "../../app/domain/ledger/fees.ts";
import type { LineRow, TransactionRow } from "./bookings.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import type { Row } from "./lib/sql.ts";

export const PAYOUT_TRANSFER_COLUMNS =
  "transaction_line_id, transaction_id, temple_id, payment_ref, kind, booked, fee, gst, amount, linked_account_id, status, " +
  "transfer_ref, on_hold, hold_until, released_at, release_reason, settlement_ref, utr, settled_at, created_at";

const STATES = ["settled", "settled", "released", "held"] as const;

export function demoPayoutTransfers(
  bookings: { transactions: readonly TransactionRow[]; lines: readonly LineRow[] },
  templeIds: readonly number[],
  today: string,
): Row[] {
  const transactions = new Map(bookings.transactions.map((t) => [t.id, t]));
  const since = addDays(today, -330);
  const rows: Row[] = [];
  for (const templeId of templeIds) {
    const lines = bookings.lines
      .filter((line) => {
        const t = transactions.get(line.transactionId);
        return line.templeId === templeId && line.pujaStatus !== "cancelled" && t?.paymentRef && !t.deletedAt && t.status === 0;
      })
      .filter((line) => transactions.get(line.transactionId)!.bookingDate.slice(0, 10) >= since)
      .sort((a, b) => transactions.get(a.transactionId)!.bookingDate.localeCompare(transactions.get(b.transactionId)!.bookingDate))
      .slice(-STATES.length);
    lines.forEach((line, index) => {
      const t = transactions.get(line.transactionId)!;
      const day = t.bookingDate.slice(0, 10);
      const puja = line.itemType === "PUJA";
      const state = STATES[index]! === "held" && !puja ? "released" : STATES[index]!;
      const price = line.amount * line.quantity;
      const fee = lineFee(price, puja ? { percentBasisPoints: 500, fixedPaise: 0 } : null);
      const booked = price + (puja ? line.postalCharge * line.quantity : 0);
      const n = String(rows.length + 1).padStart(6, "0");
      const released = state !== "held";
      const settled = state === "settled";
      const holdUntil = [addDays(line.pujaDate ?? day, 3), addDays(today, 5)].sort().at(-1)!;
      const settledOn = [addDays(day, 3), today].sort()[0]!;
      rows.push([
        line.id,
        t.id,
        templeId,
        t.paymentRef,
        puja ? "puja" : "donation",
        booked,
        fee.fee,
        fee.gst,
        booked - fee.fee - fee.gst,
        `acc_demo${String(templeId).padStart(6, "0")}`,
        state === "held" ? "created" : "processed",
        `trf_demo${n}`,
        released ? 0 : 1,
        puja ? holdUntil : null,
        released ? timestamp(day, 1, 600) : null,
        released ? (puja ? "performed" : null) : null,
        settled ? `setl_demo${n}` : null,
        settled ? `UTRDEMO${n}` : null,
        settled ? timestamp(settledOn, 0, 630) : null,
        t.createdAt,
      ]);
    });
  }
  return rows;
}
