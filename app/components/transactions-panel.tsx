import { Link } from "~/components/localized";
import type { TransactionsViewData } from "~/domain/transactions.server";
import { CompletedBookingItem } from "./transactions-detail";
import { RequestsTable } from "./transactions-requests";

const EMPTY = {
  completed: "You have no completed bookings yet.",
  requested: "You have no puja requests waiting for a temple.",
  accepted: "No temple has accepted a request of yours yet.",
} as const;

/** The content of one My Transactions sub-tab: Completed bookings, Requested or Accepted requests. */
export function TransactionsViewContent({ data }: { data: TransactionsViewData }) {
  const empty = data.view === "completed" ? data.bookings.length === 0 : data.requests.length === 0;
  if (empty) {
    return (
      <div className="empty-state">
        <p>{EMPTY[data.view]}</p>
        <Link className="button button--primary" to="/temples">
          Find a temple
        </Link>
      </div>
    );
  }
  if (data.view === "completed") {
    return (
      <div className="booking-list" aria-label="Completed bookings" role="list">
        {data.bookings.map((booking) => (
          <div role="listitem" key={booking.trackingNo}>
            <CompletedBookingItem booking={booking} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      {data.view === "accepted" ? <p className="field-hint">The temple has confirmed these dates. Add them to your cart and pay to complete the booking.</p> : null}
      <RequestsTable requests={data.requests} accepted={data.view === "accepted"} />
    </>
  );
}
