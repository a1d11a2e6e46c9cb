/** After a payment: the booking's receipt and tracking numbers, its totals and the receipt PDF. */
import { data, Link } from "react-router";
import { TempleGroupTables } from "~/components/booking-tables";
import { bookingTotals } from "~/domain/cart";
import { findOrderOutcome } from "~/domain/checkout.server";
import { receiptPdfPath } from "~/domain/transactions";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/lib/auth.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/checkout-done";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  const order = await findOrderOutcome(dbFrom(context), customer.id, params.orderId);
  if (!order) throw data(null, { status: 404 });
  const totals = bookingTotals(order.lines.map((line) => ({ ...line, prasadTrackingNo: null })));
  return { status: order.status, receiptNo: order.receiptNo, trackingNo: order.trackingNo, totals };
}

export const meta = () => pageMeta("Booking confirmed");
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function CheckoutDone({ loaderData }: Route.ComponentProps) {
  const { receiptNo, trackingNo, totals } = loaderData;
  if (!receiptNo || !trackingNo) {
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
      {totals.temples.map((group) => (
        <TempleGroupTables key={group.templeId} group={group} />
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
