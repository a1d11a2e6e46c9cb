/**
 * The operator's "Refund a booking line" page (issue 43): a booking paid online, found by its
 * tracking number or its gateway payment id, with each line's money (where it is, as
 * reconciliation says) and whether it may be refunded.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type LinePayoutState, linePayouts } from "./payout-report.server";

export const bookingLookupSchema = z.string().trim().min(3).max(60);

export interface RefundableBookingLine {
  id: number;
  itemName: string;
  templeName: string;
  pujaDate: string | null;
  booked: number;
  state: LinePayoutState | "not-captured";
  holdUntil: string | null;
  refundable: boolean;
}

export async function findBookingForLineRefund(db: Database, query: string) {
  const parsed = bookingLookupSchema.safeParse(query);
  if (!parsed.success) return null;
  const lines = await db.all<{
    id: number;
    itemName: string;
    templeName: string;
    pujaDate: string | null;
    booked: number;
    pujaStatus: string;
    paymentRef: string;
    trackingNo: string;
  }>(sql`select l.id as id, l.item_name as itemName, tp.name as templeName, l.puja_date as pujaDate,
      l.amount * l.quantity + l.postal_charge as booked, l.puja_status as pujaStatus, t.payment_ref as paymentRef,
      t.tracking_no as trackingNo
    from transactions t join transaction_lines l on l.transaction_id = t.id join temples tp on tp.id = l.temple_id
    where (t.tracking_no = ${parsed.data} or t.payment_ref = ${parsed.data}) and t.payment_ref is not null
      and t.payment_provider = 'razorpay' and t.cancelled_at is null
      and not (t.channel = 'counter' and coalesce(t.counter_payment, '') in ('cash', 'upi'))
    order by l.id limit 100`);
  if (lines.length === 0) return null;
  const payouts = new Map((await linePayouts(db, { paymentRef: lines[0]!.paymentRef })).map((line) => [line.lineId, line]));
  return {
    trackingNo: lines[0]!.trackingNo,
    paymentRef: lines[0]!.paymentRef,
    lines: lines.map((line): RefundableBookingLine => {
      const payout = payouts.get(line.id);
      const state = payout?.state ?? "not-captured";
      return {
        id: line.id,
        itemName: line.itemName,
        templeName: line.templeName,
        pujaDate: line.pujaDate,
        booked: line.booked,
        state,
        holdUntil: payout?.holdUntil ?? null,
        refundable: line.pujaStatus !== "cancelled" && state !== "refunded" && state !== "refund-open" && state !== "not-captured",
      };
    }),
  };
}
