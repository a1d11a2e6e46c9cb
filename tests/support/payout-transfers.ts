/** Route transfer rows for the bank view's tests (ledger, charts): one `payout_transfers` row for a booked line, as the transfers write it. */
import { env } from "cloudflare:workers";
import { lineFee } from "~/domain/ledger/fees";

export interface TransferFields {
  status: "due" | "sending" | "created" | "processed" | "failed" | "reversed";
  /** The rule's basis points (its fee and GST are worked out as the transfer would). */
  percentBasisPoints?: number;
  onHold?: boolean;
  holdUntil?: string | null;
  transferRef?: string | null;
  settlement?: { ref: string; utr: string; at: string };
  reversedAmount?: number;
}

let made = 0;

/** A transfer of line `lineId` (its booked money, fee at the given rate, GST, the temple's share); returns the share. */
export async function transferFor(lineId: number, fields: TransferFields): Promise<number> {
  made += 1;
  const line = await env.DB.prepare(
    `select l.transaction_id as transactionId, l.temple_id as templeId, l.item_type as itemType, l.amount * l.quantity as price,
       case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end as postage from transaction_lines l where l.id = ?`,
  )
    .bind(lineId)
    .first<{ transactionId: number; templeId: number; itemType: string; price: number; postage: number }>();
  const fee = lineFee(line!.price, fields.percentBasisPoints ? { percentBasisPoints: fields.percentBasisPoints, fixedPaise: 0 } : null);
  const booked = line!.price + line!.postage;
  const share = booked - fee.fee - fee.gst;
  await env.DB.prepare(
    `insert into payout_transfers (transaction_line_id, transaction_id, temple_id, payment_ref, kind, booked, fee, gst, amount,
       linked_account_id, status, transfer_ref, on_hold, hold_until, settlement_ref, utr, settled_at, reversed_amount, reversed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'acc_TESTBANKVIEW01', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      lineId,
      line!.transactionId,
      line!.templeId,
      `pay_bankview_${Date.now().toString(36)}_${made}`,
      line!.itemType === "PUJA" ? "puja" : "donation",
      booked,
      fee.fee,
      fee.gst,
      share,
      fields.status,
      fields.transferRef === undefined ? `trf_bankview_${Date.now().toString(36)}_${made}` : fields.transferRef,
      fields.onHold ? 1 : 0,
      fields.holdUntil ?? null,
      fields.settlement?.ref ?? null,
      fields.settlement?.utr ?? null,
      fields.settlement?.at ?? null,
      fields.reversedAmount ?? 0,
      fields.reversedAmount ? new Date().toISOString() : null,
    )
    .run();
  return share;
}

/** The line of a booking made by `bookedLine` (one line each). */
export async function lineOf(transactionId: number): Promise<number> {
  const row = await env.DB.prepare("select id from transaction_lines where transaction_id = ?").bind(transactionId).first<{ id: number }>();
  return row!.id;
}

/** Removes the transfers of these bookings' lines (before the bookings themselves). */
export async function removeTransfers(transactionIds: readonly number[]) {
  if (transactionIds.length === 0) return;
  await env.DB.prepare(`delete from payout_transfers where transaction_id in (${transactionIds.join(",")})`).run();
}
