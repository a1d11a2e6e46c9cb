import { href } from "react-router";
import { Link } from "~/components/localized";
import { m } from "~/paraglide/messages";
import { weekdayShort } from "~/domain/bookings/inputs";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import { formatRupees } from "~/domain/text";

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
              <td data-label={label.offered}>{offeredDaysLabel(puja.daysOffered)}</td>
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

function bookHref(slug: string, pujaId: number, signedIn: boolean): string {
  const form = `${href("/:lang?/t/:slug", { slug })}?puja=${pujaId}#book-puja`;
  return signedIn ? form : `/login?${new URLSearchParams({ redirectTo: form })}`;
}
