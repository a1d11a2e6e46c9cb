import type { LedgerPayment } from "~/domain/ledger/ledger.server";
import { m } from "~/paraglide/messages";

/** What became of a payment, as the ledger and the report say it. */
export function outcomeText(payment: Pick<LedgerPayment, "outcome" | "receiptNo" | "refundStatus">): string {
  switch (payment.outcome) {
    case "booked":
      return m.operator_ledger_outcome_booked({ receiptNo: payment.receiptNo ?? "" });
    case "refunded":
      return payment.refundStatus === "outside" ? m.operator_ledger_outcome_outside() : m.operator_ledger_outcome_refunded();
    case "refund_open":
      return payment.refundStatus === "pending" ? m.operator_ledger_outcome_pending() : m.operator_ledger_outcome_due();
    default:
      return m.operator_ledger_outcome_unmatched();
  }
}
