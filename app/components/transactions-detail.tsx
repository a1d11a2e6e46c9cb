import { Form } from "~/components/localized";
import type { CompletedBooking, DetailLine } from "~/domain/transactions.server";
import { receiptPdfPath } from "~/domain/transactions";
import { formatRupees, shortDate } from "~/domain/text";
import { TempleGroupTables } from "./booking-tables";
import { VideoButton } from "./video-modal";

/** A completed booking: its summary row, and when opened its per-temple tables, PDF and removal. */
export function CompletedBookingItem({ booking }: { booking: CompletedBooking }) {
  return (
    <details className="booking-item">
      <summary>
        <span className="booking-item__cell">
          <span className="booking-item__label">Date</span> {shortDate(booking.bookingDate)}
        </span>
        <span className="booking-item__cell">
          <span className="booking-item__label">Receipt No</span> {booking.receiptNo}
        </span>
        <span className="booking-item__cell">
          <span className="booking-item__label">Tracking No</span> {booking.trackingNo}
        </span>
        <span className="booking-item__cell booking-item__total">
          <span className="booking-item__label">Total</span> {formatRupees(booking.total)}
        </span>
        <span className="booking-item__toggle" aria-hidden="true">
          Details
        </span>
      </summary>
      <div className="booking-item__detail">
        {booking.totals.temples.map((group) => (
          <TempleGroupTables<DetailLine>
            key={group.templeId}
            group={group}
            extra={{
              label: "Video",
              render: (line) =>
                line.videoUrl ? <VideoButton url={line.videoUrl} title={`${line.itemName} for ${line.devoteeName}`} /> : null,
            }}
          />
        ))}
        <div className="booking-item__actions">
          <a className="button button--primary button--small" href={receiptPdfPath(booking.trackingNo)} download>
            Download PDF
          </a>
          {/* Asks first, and works without JavaScript (a native disclosure). */}
          <details className="confirm-remove">
            <summary className="link-button">Remove from my list</summary>
            <Form method="post" action="/account/transactions" className="confirm-remove__panel">
              <p>
                Remove booking {booking.receiptNo} from My Transactions? The booking itself is not cancelled and the
                temple still performs it.
              </p>
              <input type="hidden" name="trackingNo" value={booking.trackingNo} />
              <button type="submit" name="intent" value="remove" className="button button--small">
                Yes, remove it
              </button>
            </Form>
          </details>
        </div>
      </div>
    </details>
  );
}
