import { href } from "react-router";
import { Link } from "~/components/localized";
import { m } from "~/paraglide/messages";
import type { PackageDetails } from "~/domain/bookings/packages.server";
import { formatRupees } from "~/domain/text";
import { offeredDaysLabel } from "../../components/booking-puja-list";

/** The package's temples and pujas with their rates, and the package total. */
export function PackageItems({ details }: { details: PackageDetails }) {
  const label = {
    temple: m.bookings_temple(),
    puja: m.bookings_puja(),
    offered: m.bookings_offered(),
    quantity: m.bookings_quantity(),
    rate: m.bookings_rate(),
    post: m.bookings_prasad_by_post(),
  };
  return (
    <section aria-labelledby="package-items-title" className="temple-site__section">
      <h2 id="package-items-title">{m.bookings_temples_and_pujas()}</h2>
      <div className="table-scroll">
        <table className="booking-table booking-table--stack">
          <thead>
            <tr>
              <th scope="col">{label.temple}</th>
              <th scope="col">{label.puja}</th>
              <th scope="col">{label.offered}</th>
              <th scope="col" className="num">
                {label.quantity}
              </th>
              <th scope="col" className="num">
                {label.rate}
              </th>
              <th scope="col" className="num">
                {label.post}
              </th>
            </tr>
          </thead>
          <tbody>
            {details.items.map((item) => (
              <tr key={item.templePujaId}>
                <th scope="row">
                  <Link to={href("/:lang?/t/:slug", { slug: item.templeSlug })}>{item.templeName}</Link>
                </th>
                <td data-label={label.puja}>{item.pujaName}</td>
                <td data-label={label.offered}>{offeredDaysLabel(item.daysOffered)}</td>
                <td className="num" data-label={label.quantity}>
                  {item.quantity}
                </td>
                <td className="num" data-label={label.rate}>
                  {formatRupees(item.rate)}
                </td>
                <td className="num" data-label={label.post}>
                  {item.postalCharge > 0 ? `+ ${formatRupees(item.postalCharge)}` : "–"}
                </td>
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
