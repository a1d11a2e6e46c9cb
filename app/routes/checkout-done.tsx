/**
 * After a payment: the booking's receipt and tracking numbers, its totals and the
 * receipt PDF; or, when the payment could not be booked, that nothing was booked and
 * the payment is being refunded.
 */
import { Link } from "~/components/localized";
import { TempleGroupTables } from "~/components/booking-tables";
import { bookingTotals } from "~/domain/cart";
import { findOrderOutcome } from "~/domain/checkout.server";
import { CHECKOUT_MESSAGES, REFUND_REASONS } from "~/domain/checkout-messages";
import { receiptPdfPath } from "~/domain/transactions";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/checkout-done";
import { notFound } from "~/lib/not-found.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  const order = await findOrderOutcome(dbFrom(context), customer.id, params.orderId);
  if (!order) throw notFound();
  const totals = bookingTotals(order.lines.map((line) => ({ ...line, prasadTrackingNo: null })));
  const refunds = order.refunds.map((refund) => ({ amount: refund.amount, reason: REFUND_REASONS[refund.reason] ?? refund.reason, refunded: refund.status === "refunded" }));
  const honoured = order.lines.some((line) => line.honoured);
  return { status: order.status, receiptNo: order.receiptNo, trackingNo: order.trackingNo, totals, refunds, honoured };
}

export const meta = () => pageMeta("Your payment");
export const headers = () => ({ "Cache-Control": "private, no-store" });

type Refund = Route.ComponentProps["loaderData"]["refunds"][number];

function RefundNotices({ refunds, booked }: { refunds: Refund[]; booked: boolean }) {
  return refunds.map((refund, index) => (
    <p key={index} className="notice" role="status">
      {booked ? "A further payment" : "Your payment"} of <strong>{formatRupees(refund.amount)}</strong> was not booked, because {refund.reason}.{" "}
      {refund.refunded ? "It has been refunded" : "It is being refunded"}: money debited is refunded in 4-5 working days.
    </p>
  ));
}

export default function CheckoutDone({ loaderData }: Route.ComponentProps) {
  const { receiptNo, trackingNo, totals, refunds, honoured } = loaderData;
  if (!receiptNo || !trackingNo) {
    if (refunds.length > 0) {
      return (
        <section className="page page--narrow" aria-labelledby="done-title">
          <h1 id="done-title">Nothing was booked</h1>
          <RefundNotices refunds={refunds} booked={false} />
          <p>The items are still in your cart if they can be booked; please check it and pay again.</p>
          <p className="booking-done__actions">
            <Link className="button button--primary" to="/cart">
              Your cart
            </Link>
          </p>
        </section>
      );
    }
    return (
      <section className="page page--narrow" aria-labelledby="done-title">
        <h1 id="done-title">Waiting for your payment</h1>
        <p>We have not received the gateway's confirmation yet. This page shows your booking as soon as it arrives.</p>
        <Link className="button" to=".">
          Check again
        </Link>
      </section>
    );
  }
  const paidRate = {
    label: "Rate",
    render: (line: { honoured?: boolean }) => (line.honoured ? "Booked at the rate you paid" : ""),
  };
  return (
    <section className="page booking-done" aria-labelledby="done-title">
      <h1 id="done-title">Thank you, your booking is confirmed</h1>
      <dl className="booking-done__numbers">
        <dt>Receipt No</dt>
        <dd>{receiptNo}</dd>
        <dt>Tracking No</dt>
        <dd>{trackingNo}</dd>
        <dt>Total paid</dt>
        <dd>{formatRupees(totals.grandTotal)}</dd>
      </dl>
      {honoured ? (
        <p className="notice" role="status">
          {CHECKOUT_MESSAGES.honoured}
        </p>
      ) : null}
      <RefundNotices refunds={refunds} booked />
      {totals.temples.map((group) => (
        <TempleGroupTables key={group.templeId} group={group} extra={honoured ? paidRate : undefined} donationExtra={honoured ? paidRate : undefined} />
      ))}
      <p className="booking-done__actions">
        <a className="button button--primary" href={receiptPdfPath(trackingNo)} download>
          Download PDF receipt
        </a>
        <Link className="button" to="/account?tab=transactions&view=completed">
          My Transactions
        </Link>
      </p>
      <p className="field-hint">A copy of the receipt has been sent to your email.</p>
    </section>
  );
}
