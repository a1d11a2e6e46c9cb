import { href } from "react-router";
import { pagePath } from "~/lib/i18n";
import { Form } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { CompletedBooking, DetailLine } from "~/domain/bookings/records/transactions.server";
import { formatRupees, shortDate } from "~/domain/text";
import { ConvenienceFeeLine, TempleGroupTables } from "../../components/booking/booking-tables";
import { BookingHeadlineText } from "./booking-headline-text";
import { VideoButton } from "./video-modal";
import { MoveDates } from "./transactions-move";
import { type FormReply, formReplyFor, rowForm } from "~/web/form-reply";

/** A completed booking: its summary row, and when opened its per-temple tables, PDF and removal. */
export function CompletedBookingItem({
  booking,
  actionData,
  opened = false,
}: {
  booking: CompletedBooking;
  actionData?: FormReply | null;
  /** Shown open: the devotee came from a message about it. */
  opened?: boolean;
}) {
  // A refused ask re-opens its booking, so the devotee sees why (also without JavaScript).
  const asking = booking.moves.some((move) => formReplyFor(actionData, rowForm("move-date", move.lineId)));
  return (
    <details className="booking-item" id={`booking-${booking.trackingNo}`} open={asking || opened || undefined}>
      <summary>
        <BookingHeadlineText headline={booking.headline} withDate />
        <span className="booking-item__cell">
          <span className="booking-item__label">{m.account_date()}</span> {shortDate(booking.bookingDate)}
        </span>
        <span className="booking-item__cell">
          <span className="booking-item__label">{m.account_receipt_no()}</span> {booking.receiptNo}
        </span>
        <span className="booking-item__cell">
          <span className="booking-item__label">{m.account_tracking_no()}</span> {booking.trackingNo}
        </span>
        <span className="booking-item__cell booking-item__total">
          <span className="booking-item__label">{m.account_total()}</span> {formatRupees(booking.total)}
        </span>
        <span className="booking-item__toggle" aria-hidden="true">
          {m.account_details()}
        </span>
      </summary>
      <div className="booking-item__detail">
        {booking.totals.temples.map((group) => (
          <TempleGroupTables<DetailLine>
            key={group.templeId}
            group={group}
            extra={{
              label: m.account_video(),
              render: (line) =>
                line.hasVideo ? (
                  <VideoButton
                    url={href("/videos/:trackingNo/:lineId", { trackingNo: line.trackingNo, lineId: String(line.id) })}
                    title={m.account_video_title({ pujaName: line.itemName, devoteeName: line.devoteeName })}
                  />
                ) : null,
            }}
          />
        ))}
        {booking.totals.convenienceFee > 0 ? <ConvenienceFeeLine amount={booking.totals.convenienceFee} /> : null}
        <MoveDates trackingNo={booking.trackingNo} moves={booking.moves} actionData={actionData} />
        {/* The receipt's verification code, as its PDF and email carry it: anyone can check it at /verify. */}
        <p className="booking-item__verify">
          <a href={pagePath(href("/:lang?/verify/:code?", { code: booking.verifyCode }))}>
            {m.trust_verification_code({ code: booking.verifyCode })}
          </a>
        </p>
        <div className="booking-item__actions">
          <a
            className="button button--primary button--small"
            href={pagePath(href("/:lang?/account/transactions/:trackingNo/receipt.pdf", { trackingNo: booking.trackingNo }))}
            download
          >
            {m.account_download_pdf()}
          </a>
          {/* Asks first, and works without JavaScript (a native disclosure). */}
          <details className="confirm-remove">
            <summary className="link-button">{m.account_remove_from_list()}</summary>
            <Form method="post" action="/account/transactions" className="confirm-remove__panel">
              <p>{m.account_remove_booking_confirm({ receiptNo: booking.receiptNo })}</p>
              <input type="hidden" name="trackingNo" value={booking.trackingNo} />
              <button type="submit" name="intent" value="remove" className="button button--small">
                {m.account_yes_remove()}
              </button>
            </Form>
          </details>
        </div>
      </div>
    </details>
  );
}
