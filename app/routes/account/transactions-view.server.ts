/**
 * What one sub-tab of My Transactions shows: the bookings' lists (completed bookings, requests)
 * beside the ledger's (a devotee's payments, refunds started), composed here because the ledger
 * sits above the bookings and the bookings import none of it.
 */
import type { Database } from "~/db/client.server";
import {
  type CompletedBooking,
  listCompletedBookings,
  listRequests,
  REQUEST_TABS,
  type RequestRow,
} from "~/domain/bookings/records/transactions.server";
import type { CompletedCursor, CompletedPaging } from "~/domain/bookings/records/completed-page.server";
import { listCustomerPayments } from "~/domain/ledger/customer-payments.server";
import { type PaymentPaidFor, paymentsWithWhatFor } from "~/domain/ledger/payments-paid-for.server";
import { listStartedRefundLines } from "~/domain/ledger/refund-emails.server";

export async function loadTransactionsView(
  db: Database,
  customerId: number,
  view: "completed" | "requested" | "accepted" | "payments",
  codeSecret: string,
  cursor: CompletedCursor = null,
) {
  const none = {
    bookings: [] as CompletedBooking[],
    paging: null as CompletedPaging | null,
    requests: [] as RequestRow[],
    payments: [] as PaymentPaidFor[],
    refunds: [] as Awaited<ReturnType<typeof listStartedRefundLines>>,
  };
  if (view === "completed") {
    const [{ bookings, paging }, refunds] = await Promise.all([
      listCompletedBookings(db, customerId, codeSecret, cursor),
      listStartedRefundLines(db, customerId),
    ]);
    return { ...none, view, bookings, paging, refunds };
  }
  if (view === "payments") return { ...none, view, payments: await paymentsWithWhatFor(db, await listCustomerPayments(db, customerId)) };
  return { ...none, view, requests: await listRequests(db, customerId, REQUEST_TABS[view]) };
}

export type TransactionsViewData = Awaited<ReturnType<typeof loadTransactionsView>>;
