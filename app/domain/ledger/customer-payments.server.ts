/**
 * Every payment a devotee made, with its state: booked (with the receipt number), refunded,
 * refund in progress (started on a date, with the gateway's reference), refund due, or being
 * checked (the gateway took it and reconciliation has not yet booked or refunded it). Read
 * strictly through the customer's own payment orders.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { gatewayPayments, paymentOrders, paymentRefunds, transactions } from "~/db/schema";
import { indiaDateTime } from "~/lib/india-time";

export type CustomerPaymentState = "booked" | "refunded" | "refund_in_progress" | "refund_due" | "checking";

const PAYMENTS_SHOWN = 200;

export async function listCustomerPayments(db: Database, customerId: number) {
  const rows = await db
    .select({
      paymentRef: gatewayPayments.paymentRef,
      amount: gatewayPayments.amount,
      paidAt: gatewayPayments.paidAt,
      receiptNo: transactions.receiptNo,
      trackingNo: transactions.trackingNo,
      refundStatus: paymentRefunds.status,
      refundAmount: paymentRefunds.amount,
      refundRef: paymentRefunds.refundRef,
      refundStartedAt: paymentRefunds.startedAt,
      outsideReference: paymentRefunds.outsideReference,
      refundUpdatedAt: paymentRefunds.updatedAt,
      orderLines: paymentOrders.lines,
    })
    .from(gatewayPayments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, gatewayPayments.paymentOrderId))
    .leftJoin(transactions, and(eq(transactions.paymentRef, gatewayPayments.paymentRef), eq(transactions.customerId, customerId)))
    .leftJoin(paymentRefunds, and(eq(paymentRefunds.paymentRef, gatewayPayments.paymentRef), eq(paymentRefunds.customerId, customerId)))
    .where(and(eq(paymentOrders.customerId, customerId), inArray(gatewayPayments.status, ["authorized", "captured", "refunded"])))
    .orderBy(desc(gatewayPayments.paidAt), desc(sql`${gatewayPayments.paymentRef}`))
    .limit(PAYMENTS_SHOWN);
  return rows.map((row) => ({
    paymentRef: row.paymentRef,
    amount: row.amount,
    paidOn: indiaDay(row.paidAt),
    state: stateOf(row),
    receiptNo: row.receiptNo,
    trackingNo: row.trackingNo,
    refundAmount: row.refundAmount ?? row.amount,
    refundStartedOn: row.refundStartedAt ? indiaDay(row.refundStartedAt) : null,
    refundReference: row.refundRef ?? row.outsideReference,
    refundedOn: refundedAt(row) ? indiaDay(refundedAt(row)!) : null,
    /** The order's frozen lines (JSON): what the payment was for, as bookings reads them. */
    orderLines: row.orderLines,
  }));
}

/** The India day of an instant (an ISO timestamp), as bookings are dated. */
function indiaDay(iso: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? iso.slice(0, 10) : indiaDateTime(instant).day;
}

function refundedAt(row: { refundStatus: string | null; refundUpdatedAt: string | null; refundStartedAt: string | null }) {
  return row.refundStatus === "refunded" || row.refundStatus === "outside" ? (row.refundUpdatedAt ?? row.refundStartedAt) : null;
}

function stateOf(row: { receiptNo: string | null; refundStatus: string | null }): CustomerPaymentState {
  if (row.receiptNo) return "booked";
  if (row.refundStatus === "refunded" || row.refundStatus === "outside") return "refunded";
  if (row.refundStatus === "pending") return "refund_in_progress";
  if (row.refundStatus === "due" || row.refundStatus === "sending") return "refund_due";
  return "checking";
}

export type CustomerPayment = Awaited<ReturnType<typeof listCustomerPayments>>[number];
