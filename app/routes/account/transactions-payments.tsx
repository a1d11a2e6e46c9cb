import type { PaymentPaidFor } from "~/domain/ledger/payments-paid-for.server";
import { formatRupees, longDate } from "~/domain/text";
import { m } from "~/paraglide/messages";
import { BookingHeadlineText } from "./booking-headline-text";

/** What became of a payment, in words a devotee never has to wonder about. */
function paymentState(payment: PaymentPaidFor): string {
  const amount = formatRupees(payment.refundAmount);
  switch (payment.state) {
    case "booked":
      return m.account_payment_booked({ receiptNo: payment.receiptNo ?? "" });
    case "refunded":
      return payment.refundedOn
        ? m.account_payment_refunded_on({ amount, date: longDate(payment.refundedOn) })
        : m.account_payment_refunded({ amount });
    case "refund_in_progress":
      return payment.refundStartedOn
        ? m.account_payment_refund_started({ amount, date: longDate(payment.refundStartedOn), reference: payment.refundReference ?? "—" })
        : m.account_payment_refund_in_progress({ amount });
    case "refund_due":
      return m.account_payment_refund_due({ amount });
    default:
      return m.account_payment_checking();
  }
}

/** Every payment the devotee made (the Payments sub-tab of My Transactions), newest first. */
export function PaymentsTable({ payments }: { payments: PaymentPaidFor[] }) {
  const label = { paid: m.account_payments_col_paid(), amount: m.account_payments_col_amount(), state: m.account_payments_col_state() };
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--stack">
        <caption>{m.account_payments_caption()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.account_payments_col_payment()}</th>
            <th scope="col">{label.paid}</th>
            <th scope="col" className="num">
              {label.amount}
            </th>
            <th scope="col">{label.state}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.paymentRef} data-state={payment.state}>
              <th scope="row">
                {/* Titled by what was paid for; the gateway's id stays for a devotee who quotes it. */}
                {payment.paidFor ? <BookingHeadlineText headline={payment.paidFor} /> : null}
                <span className={payment.paidFor ? "booking-table__ref" : undefined}>{payment.paymentRef}</span>
              </th>
              <td data-label={label.paid}>{payment.paidOn}</td>
              <td className="num" data-label={label.amount}>
                {formatRupees(payment.amount)}
              </td>
              <td data-label={label.state}>{paymentState(payment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
