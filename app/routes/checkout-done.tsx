/**
 * After a payment: the booking's receipt and tracking numbers, its totals and the
 * receipt PDF; or, when the payment could not be booked, that nothing was booked and
 * the payment is being refunded.
 */
import { href } from "react-router";
import { MessageWith } from "~/components/layout/message-with";
import { Link } from "~/components/layout/localized";
import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { TempleGroupTables } from "~/components/booking/booking-tables";
import { bookingTotals } from "~/domain/bookings/cart/cart";
import { findOrderOutcome } from "~/domain/bookings/cart/checkout.server";
import { CHECKOUT_MESSAGES, REFUND_REASONS, refundTime } from "~/domain/bookings/cart/checkout-messages";
import { formatRupees } from "~/domain/text";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/checkout-done";
import { notFound } from "~/lib/not-found.server";
import { refundStartedLine } from "~/domain/ledger/refund-emails.server";
import { receiptVerification } from "~/domain/bookings/records/receipts.server";
import { appEnv } from "~/lib/context.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { qrPath } from "~/lib/qr";
import { type ReceiptQr, ReceiptVerificationBlock } from "~/components/booking/receipt-qr";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  const order = await findOrderOutcome(dbFrom(context), customer.id, params.orderId);
  if (!order) throw notFound();
  const totals = bookingTotals(order.lines.map((line) => ({ ...line, prasadTrackingNo: null })));
  const refunds = order.refunds.map((refund) => ({
    amount: refund.amount,
    reason: REFUND_REASONS[refund.reason] ?? refund.reason,
    refunded: refund.status === "refunded" || refund.status === "outside",
    // "Refund of ₹X started on <date>, reference …" once the gateway accepted it.
    started: refund.startedAt && refund.refundRef ? refundStartedLine({ ...refund, startedAt: refund.startedAt }) : null,
  }));
  const honoured = order.lines.some((line) => line.honoured);
  // The receipt's verification code and its QR, as on the PDF and in the email.
  let qr: ReceiptQr | null = null;
  if (order.transactionId && order.receiptNo) {
    const { config } = appEnv(context);
    const origin = linkOrigin(config, request.url) ?? new URL(request.url).origin;
    const verification = await receiptVerification(
      { id: order.transactionId, receiptNo: order.receiptNo },
      config.RECEIPT_CODE_SECRET,
      origin,
    );
    qr = { code: verification.code, url: verification.url, path: qrPath(verification.qr), size: verification.qr.size };
  }
  return { status: order.status, receiptNo: order.receiptNo, trackingNo: order.trackingNo, totals, refunds, honoured, qr };
}

export const meta = () => pageMeta(m.bookings_your_payment());
export const headers = () => ({ "Cache-Control": "private, no-store" });

type Refund = Route.ComponentProps["loaderData"]["refunds"][number];

function RefundNotices({ refunds, booked }: { refunds: Refund[]; booked: boolean }) {
  return refunds.map((refund, index) => {
    const amount = formatRupees(refund.amount);
    const notice = booked ? m.bookings_refund_notice_further : m.bookings_refund_notice_yours;
    const state = (refund.refunded ? m.bookings_refund_notice_refunded : m.bookings_refund_notice_refunding)({ refundTime: refundTime() });
    return (
      <p key={index} className="notice" role="status">
        <MessageWith message={(mark) => notice({ amount: mark, reason: refund.reason })}>
          <strong>{amount}</strong>
        </MessageWith>{" "}
        {state}
        {refund.started ? <> {refund.started}</> : null}
      </p>
    );
  });
}

export default function CheckoutDone({ loaderData }: Route.ComponentProps) {
  const { receiptNo, trackingNo, totals, refunds, honoured, qr } = loaderData;
  if (!receiptNo || !trackingNo) {
    if (refunds.length > 0) {
      return (
        <section className="page page--narrow" aria-labelledby="done-title">
          <h1 id="done-title">{m.bookings_nothing_booked()}</h1>
          <RefundNotices refunds={refunds} booked={false} />
          <p>{m.bookings_items_still_in_cart()}</p>
          <p className="booking-done__actions">
            <Link className="button button--primary" to="/cart">
              {m.bookings_cart_title()}
            </Link>
          </p>
        </section>
      );
    }
    return (
      <section className="page page--narrow" aria-labelledby="done-title">
        <h1 id="done-title">{m.bookings_waiting_for_payment()}</h1>
        <p>{m.bookings_waiting_intro()}</p>
        <Link className="button" to=".">
          {m.bookings_check_again()}
        </Link>
      </section>
    );
  }
  const paidRate = {
    label: m.bookings_rate(),
    render: (line: { honoured?: boolean }) => (line.honoured ? m.bookings_booked_at_paid_rate() : ""),
  };
  return (
    <section className="page booking-done" aria-labelledby="done-title">
      <h1 id="done-title">{m.bookings_confirmed_title()}</h1>
      <dl className="booking-done__numbers">
        <dt>{m.bookings_receipt_no()}</dt>
        <dd>{receiptNo}</dd>
        <dt>{m.bookings_tracking_no()}</dt>
        <dd>{trackingNo}</dd>
        <dt>{m.bookings_total_paid()}</dt>
        <dd>{formatRupees(totals.grandTotal)}</dd>
      </dl>
      {qr ? <ReceiptVerificationBlock qr={qr} /> : null}
      {honoured ? (
        <p className="notice" role="status">
          {CHECKOUT_MESSAGES.honoured}
        </p>
      ) : null}
      <RefundNotices refunds={refunds} booked />
      {totals.temples.map((group) => (
        <TempleGroupTables
          key={group.templeId}
          group={group}
          extra={honoured ? paidRate : undefined}
          donationExtra={honoured ? paidRate : undefined}
          receipt
        />
      ))}
      <p className="booking-done__actions">
        <a
          className="button button--primary"
          href={pagePath(href("/:lang?/account/transactions/:trackingNo/receipt.pdf", { trackingNo }))}
          download
        >
          {m.bookings_download_receipt()}
        </a>
        <Link className="button" to="/account?tab=transactions&view=completed">
          {m.bookings_my_transactions()}
        </Link>
      </p>
      <p className="field-hint">{m.bookings_receipt_emailed()}</p>
    </section>
  );
}
