import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { TransactionsViewData } from "./transactions-view.server";
import type { CompletedPaging } from "~/domain/bookings/records/completed-page.server";
import { CompletedBookingItem } from "./transactions-detail";
import type { FormReply } from "~/web/form-reply";
import { PaymentsTable } from "./transactions-payments";
import { RequestsTable } from "./transactions-requests";

/** Why a sub-tab is empty, in the page's language. */
function emptyText(view: TransactionsViewData["view"]) {
  if (view === "completed") return m.account_transactions_empty_completed();
  if (view === "requested") return m.account_transactions_empty_requested();
  if (view === "payments") return m.account_transactions_empty_payments();
  return m.account_transactions_empty_accepted();
}

/** The content of one My Transactions sub-tab: Completed bookings, Requested or Accepted requests. */
export function TransactionsViewContent({
  data,
  actionData,
  openBooking,
}: {
  data: TransactionsViewData;
  actionData?: FormReply | null;
  /** A booking to show opened (a message in the Notifications tab links to it). */
  openBooking?: string | null;
}) {
  return (
    <>
      {data.refunds.map((refund) => (
        <p key={refund.id} className="notice" role="status">
          {refund.text}
        </p>
      ))}
      <ViewList data={data} actionData={actionData} openBooking={openBooking} />
    </>
  );
}

function ViewList({
  data,
  actionData,
  openBooking,
}: {
  data: TransactionsViewData;
  actionData?: FormReply | null;
  openBooking?: string | null;
}) {
  const shown = { completed: data.bookings, payments: data.payments, requested: data.requests, accepted: data.requests }[data.view];
  const empty = shown.length === 0;
  if (empty) {
    return (
      <div className="empty-state">
        <p>{emptyText(data.view)}</p>
        <Link className="button button--primary" to="/temples">
          {m.account_find_temple()}
        </Link>
      </div>
    );
  }
  if (data.view === "completed") {
    return (
      <>
        <div className="booking-list" aria-label={m.account_completed_bookings_label()} role="list">
          {data.bookings.map((booking) => (
            <div role="listitem" key={booking.trackingNo}>
              <CompletedBookingItem booking={booking} actionData={actionData} opened={booking.trackingNo === openBooking} />
            </div>
          ))}
        </div>
        {data.paging ? <CompletedPages paging={data.paging} /> : null}
      </>
    );
  }
  if (data.view === "payments") return <PaymentsTable payments={data.payments} />;
  return (
    <>
      {data.view === "accepted" ? <p className="field-hint">{m.account_accepted_hint()}</p> : null}
      <RequestsTable requests={data.requests} accepted={data.view === "accepted"} />
    </>
  );
}

const COMPLETED = "?tab=transactions&view=completed";

/** Where this page sits in the devotee's bookings, and links to the newer and older ones (plain links: they work without JavaScript). */
function CompletedPages({ paging }: { paging: CompletedPaging }) {
  if (paging.newerThan === null && paging.olderThan === null) return null;
  const newer = paging.newerThan ? `${COMPLETED}&newer=${encodeURIComponent(paging.newerThan)}` : COMPLETED;
  return (
    <nav className="notification-pages" aria-label={m.account_completed_pages_label()}>
      {paging.newerThan !== null ? <Link to={newer}>{m.account_completed_newer()}</Link> : <span />}
      <p className="field-hint">{m.account_completed_showing({ from: paging.from, to: paging.to, total: paging.total })}</p>
      {paging.olderThan !== null ? (
        <Link to={`${COMPLETED}&older=${encodeURIComponent(paging.olderThan)}`}>{m.account_completed_older()}</Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
