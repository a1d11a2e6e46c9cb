/**
 * Demo Route transfers (issue 43) for the desk's bank view: the demo staff's temples with a demo
 * linked account (payout-accounts.ts) get settled transfers (a settlement id and a UTR) for their
 * latest seeded online bookings (within the last 12 months), with fixed fake ids (trf_demo…,
 * setl_demo…, UTRDEMO…). Only settled ones: nothing asks Razorpay about a settled transfer, while a
 * held or released one would be released or checked against the emulator, which never made them.
 * A newcomer sees held and released transfers by booking after `npm start` (real ones). The fee
 * is the seeded rule's (5% on pujas, none on donations), worked out as the transfers work it out
 * (app/domain/ledger/fees.ts).
 */
import { lineFee } from "../../app/domain/ledger/fees.ts";
import type { LineRow, TransactionRow } from "./bookings.ts";
import { addDays, timestamp } from "./lib/dates.ts";
import type { Row } from "./lib/sql.ts";

export const PAYOUT_TRANSFER_COLUMNS =
  "transaction_line_id, transaction_id, temple_id, payment_ref, kind, booked, fee, gst, amount, linked_account_id, status, " +
  "transfer_ref, on_hold, hold_until, released_at, release_reason, settlement_ref, utr, settled_at, created_at";

/** Transfers per temple: its latest bookings' lines. */
const PER_TEMPLE = 4;

export function demoPayoutTransfers(
  bookings: { transactions: readonly TransactionRow[]; lines: readonly LineRow[] },
  temples: readonly { id: number; accountId: string }[],
  today: string,
): Row[] {
  const transactions = new Map(bookings.transactions.map((t) => [t.id, t]));
  const since = addDays(today, -330);
  const rows: Row[] = [];
  for (const { id: templeId, accountId } of temples) {
    const lines = bookings.lines
      .filter((line) => {
        const t = transactions.get(line.transactionId);
        return line.templeId === templeId && line.pujaStatus !== "cancelled" && t?.paymentRef && !t.deletedAt && t.status === 0;
      })
      .filter((line) => transactions.get(line.transactionId)!.bookingDate.slice(0, 10) >= since)
      .sort((a, b) => transactions.get(a.transactionId)!.bookingDate.localeCompare(transactions.get(b.transactionId)!.bookingDate))
      .slice(-PER_TEMPLE);
    for (const line of lines) {
      const t = transactions.get(line.transactionId)!;
      const day = t.bookingDate.slice(0, 10);
      const puja = line.itemType === "PUJA";
      const price = line.amount * line.quantity;
      const fee = lineFee(price, puja ? { percentBasisPoints: 500, fixedPaise: 0 } : null);
      const booked = price + (puja ? line.postalCharge * line.quantity : 0);
      const n = String(rows.length + 1).padStart(6, "0");
      const holdUntil = addDays(line.pujaDate ?? day, 3);
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
        accountId,
        "processed",
        `trf_demo${n}`,
        0,
        puja ? holdUntil : null,
        timestamp(day, 1, 600),
        puja ? "performed" : null,
        `setl_demo${n}`,
        `UTRDEMO${n}`,
        timestamp(settledOn, 0, 630),
        t.createdAt,
      ]);
    }
  }
  return rows;
}
