import { href } from "react-router";
import { Link } from "~/components/localized";
import { m } from "~/paraglide/messages";
import type { PackageDetails } from "~/domain/bookings/packages.server";
import { formatRupees } from "~/domain/text";
import { offeredDaysLabel } from "../../components/booking-puja-list";

/** The package's temples and pujas with their rates, and the package total. */
export function PackageItems({ details }: { details: PackageDetails }) {
  return (
    <section aria-labelledby="package-items-title" className="temple-site__section">
      <h2 id="package-items-title">{m.bookings_temples_and_pujas()}</h2>
      <div className="table-scroll">
        <table className="booking-table">
          <thead>
            <tr>
              <th scope="col">{m.bookings_temple()}</th>
              <th scope="col">{m.bookings_puja()}</th>
              <th scope="col">{m.bookings_offered()}</th>
              <th scope="col" className="num">{m.bookings_quantity()}</th>
              <th scope="col" className="num">{m.bookings_rate()}</th>
              <th scope="col" className="num">{m.bookings_prasad_by_post()}</th>
            </tr>
          </thead>
          <tbody>
            {details.items.map((item) => (
              <tr key={item.templePujaId}>
                <th scope="row">
                  <Link to={href("/:lang?/t/:slug", { slug: item.templeSlug })}>{item.templeName}</Link>
                </th>
                <td>{item.pujaName}</td>
                <td>{offeredDaysLabel(item.daysOffered)}</td>
                <td className="num">{item.quantity}</td>
                <td className="num">{formatRupees(item.rate)}</td>
                <td className="num">{item.postalCharge > 0 ? `+ ${formatRupees(item.postalCharge)}` : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="temple-group__total">
        {m.bookings_package_total()} <strong>{formatRupees(details.total)}</strong>
        {details.postalTotal > 0 ? ` ${m.bookings_package_postal_total({ amount: formatRupees(details.postalTotal) })}` : ""}
      </p>
    </section>
  );
}
