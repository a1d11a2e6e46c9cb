import { Link } from "~/components/localized";
import { WEEKDAYS } from "~/domain/bookings";
import type { TempleSite } from "~/domain/temple-site.server";
import { formatRupees } from "~/domain/text";

/** "Every day", or the weekdays a puja is offered on. */
export function offeredDaysLabel(daysOffered: string): string {
  if (daysOffered.length >= 7) return "Every day";
  return [...daysOffered].map((d) => WEEKDAYS[Number(d)]?.slice(0, 3)).filter(Boolean).join(", ");
}

/**
 * The temple's pujas with their rates, postage and days; each links to the booking form
 * with that puja chosen. A visitor goes to sign in first and comes back to it.
 */
export function BookingPujaList({ pujas, slug, signedIn }: { pujas: TempleSite["pujas"]; slug: string; signedIn: boolean }) {
  if (pujas.length === 0) return <p>This temple has no pujas open for online booking just now.</p>;
  return (
    <div className="table-scroll">
      <table className="booking-table">
        <thead>
          <tr>
            <th scope="col">Puja</th>
            <th scope="col">Rate</th>
            <th scope="col">Prasad by post</th>
            <th scope="col">Offered</th>
            <th scope="col">
              <span className="visually-hidden">Book</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pujas.map((puja) => (
            <tr key={puja.id}>
              <th scope="row">
                {puja.name}
                {puja.bookingMode === "request" ? <span className="badge badge--request">On request</span> : null}
                {puja.description ? <span className="booking-table__note">{puja.description}</span> : null}
              </th>
              <td>{formatRupees(puja.rate)}</td>
              <td>{puja.postalCharge > 0 ? `+ ${formatRupees(puja.postalCharge)}` : "Not sent by post"}</td>
              <td>{offeredDaysLabel(puja.daysOffered)}</td>
              <td>
                <Link
                  className="button button--small"
                  to={bookHref(slug, puja.id, signedIn)}
                  aria-label={`${puja.bookingMode === "request" ? "Request" : "Book"} ${puja.name}`}
                >
                  {puja.bookingMode === "request" ? "Request" : "Book"}
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
  const form = `/t/${encodeURIComponent(slug)}?puja=${pujaId}#book-puja`;
  return signedIn ? form : `/login?${new URLSearchParams({ redirectTo: form })}`;
}
