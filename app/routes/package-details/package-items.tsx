import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { PackageDetails } from "~/domain/bookings/cart/packages.server";
import { formatRupees } from "~/domain/text";
import { offeredDaysLabel } from "../../components/booking/booking-puja-list";
import { StackTable } from "../../components/booking/stack-table";

/** The package's temples and pujas with their rates, and the package total. */
export function PackageItems({ details }: { details: PackageDetails }) {
  return (
    <section aria-labelledby="package-items-title" className="temple-site__section">
      <h2 id="package-items-title">{m.bookings_temples_and_pujas()}</h2>
      <StackTable
        rows={details.items}
        rowKey={(item) => item.templePujaId}
        header={{
          label: m.bookings_temple(),
          cell: (item) => <Link to={href("/:lang?/t/:slug", { slug: item.templeSlug })}>{item.templeName}</Link>,
        }}
        columns={[
          { label: m.bookings_puja(), cell: (item) => item.pujaName },
          { label: m.bookings_offered(), cell: (item) => offeredDaysLabel(item.daysOffered) },
          { label: m.bookings_quantity(), num: true, cell: (item) => item.quantity },
          { label: m.bookings_rate(), num: true, cell: (item) => formatRupees(item.rate) },
          {
            label: m.bookings_prasad_by_post(),
            num: true,
            cell: (item) => (item.postalCharge > 0 ? `+ ${formatRupees(item.postalCharge)}` : "–"),
          },
        ]}
      />
      <p className="temple-group__total">
        {m.bookings_package_total()} <strong>{formatRupees(details.total)}</strong>
        {details.postalTotal > 0 ? ` ${m.bookings_package_postal_total({ amount: formatRupees(details.postalTotal) })}` : ""}
      </p>
    </section>
  );
}
