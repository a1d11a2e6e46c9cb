import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { weekdayShort } from "~/domain/bookings/cart/inputs";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import { formatRupees, longDate } from "~/domain/text";

/** "Every day", or the weekdays a puja is offered on. */
export function offeredDaysLabel(daysOffered: string): string {
  if (daysOffered.length >= 7) return m.bookings_every_day();
  return [...daysOffered]
    .map((d) => weekdayShort(Number(d)))
    .filter(Boolean)
    .join(", ");
}

/**
 * The temple's pujas with their rates, postage and days; each links to the booking form
 * with that puja chosen. A visitor goes to sign in first and comes back to it.
 */
export function BookingPujaList({ pujas, slug, signedIn }: { pujas: TempleSite["pujas"]; slug: string; signedIn: boolean }) {
  if (pujas.length === 0) return <p>{m.bookings_no_pujas()}</p>;
  const label = { puja: m.bookings_puja(), rate: m.bookings_rate(), post: m.bookings_prasad_by_post(), offered: m.bookings_offered() };
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--stack">
        <thead>
          <tr>
            <th scope="col">{label.puja}</th>
            <th scope="col">{label.rate}</th>
            <th scope="col">{label.post}</th>
            <th scope="col">{label.offered}</th>
            <th scope="col">
              <span className="visually-hidden">{m.bookings_book()}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pujas.map((puja) => (
            <tr key={puja.id}>
              <th scope="row">
                {puja.name}
                {puja.bookingMode === "request" ? <span className="badge badge--request">{m.bookings_on_request()}</span> : null}
                {puja.description ? <span className="booking-table__note">{puja.description}</span> : null}
              </th>
              <td data-label={label.rate}>{formatRupees(puja.rate)}</td>
              <td data-label={label.post}>{puja.postalCharge > 0 ? `+ ${formatRupees(puja.postalCharge)}` : m.bookings_not_by_post()}</td>
              <td data-label={label.offered}>
                {offeredDaysLabel(puja.daysOffered)}
                {puja.seats ? <SeatDaysList days={puja.seats.days} /> : null}
              </td>
              <td className="booking-table__action">
                <Link
                  className="button button--small"
                  to={bookHref(slug, puja.id, signedIn)}
                  aria-label={(puja.bookingMode === "request" ? m.bookings_request_puja_named : m.bookings_book_puja_named)({
                    puja: puja.name,
                  })}
                >
                  {puja.bookingMode === "request" ? m.bookings_request() : m.bookings_book()}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "3 left" or "Full" for a day of a limited puja, in the page's language ("" when the day is not limited). */
export function seatsLabel(day: { left: number | null; full: boolean }): string {
  if (day.left === null) return "";
  return day.full ? m.bookings_seats_full() : plural(day.left, m.bookings_seats_left_one, m.bookings_seats_left_other)({ count: day.left });
}

/** "4 Dec 2026 – 3 left" for a day of a limited puja. */
export function seatDayLabel(day: { day: string; left: number | null; full: boolean }): string {
  const seats = seatsLabel(day);
  return seats ? m.bookings_day_seats({ date: longDate(day.day), seats }) : longDate(day.day);
}

/** How many days the list of pujas shows for a limited puja; the booking form offers every bookable day. */
const LISTED_SEAT_DAYS = 7;

/** The next days of a limited puja with what each has left; the week after the first behind a disclosure (no JavaScript needed). */
function SeatDaysList({ days }: { days: readonly { day: string; left: number | null; full: boolean }[] }) {
  if (days.length === 0) return null;
  const [first, ...rest] = days.slice(0, LISTED_SEAT_DAYS);
  return (
    <div className="seat-days">
      <p className="seat-days__next">
        <span className={first!.full ? "seat-days__full" : undefined}>{seatDayLabel(first!)}</span>
      </p>
      {rest.length > 0 ? (
        <details className="seat-days__more">
          <summary>{plural(rest.length, m.bookings_seat_days_more_one, m.bookings_seat_days_more_other)({ count: rest.length })}</summary>
          <ul>
            {rest.map((day) => (
              <li key={day.day} className={day.full ? "seat-days__full" : undefined}>
                {seatDayLabel(day)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function bookHref(slug: string, pujaId: number, signedIn: boolean): string {
  const form = `${href("/:lang?/t/:slug", { slug })}?puja=${pujaId}#book-puja`;
  return signedIn ? form : `/login?${new URLSearchParams({ redirectTo: form })}`;
}
