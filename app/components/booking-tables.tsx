/**
 * The per-temple tables of a booking or a cart: pujas (puja, devotee, star, date, rate,
 * quantity, amount, postage, total) and donations, with the temple's total. A puja or
 * donation group whose total is 0 is not shown. On a phone each row is a card of label:
 * value pairs with its button in view (`booking-table--stack`, app/styles/bookings.css).
 */
import type { PricedLine, TempleGroup, TotalledLine } from "~/domain/bookings/cart";
import { formatRupees, shortDate } from "~/domain/text";
import { m } from "~/paraglide/messages";

export interface TableLine extends PricedLine {
  id: number;
  itemName: string;
  devoteeName: string;
  starName: string | null;
  pujaDate: string | null;
  prasadTrackingNo?: string | null;
  /** Where the prasad will be posted, on one line (none: not sent by post). */
  shippingAddress?: string | null;
}

type Extra<L extends TableLine> = { label: string; render: (line: TotalledLine<L>) => React.ReactNode };

interface GroupProps<L extends TableLine> {
  group: TempleGroup<L>;
  /** An extra column for puja rows (e.g. the video), and for donation rows. */
  extra?: Extra<L>;
  donationExtra?: Extra<L>;
}

export function TempleGroupTables<L extends TableLine>({ group, extra, donationExtra }: GroupProps<L>) {
  return (
    <section className="temple-group" aria-label={group.templeName}>
      <h3>{group.templeName}</h3>
      {group.pujaTotal > 0 ? (
        <PujaTable lines={group.pujas} extra={extra} caption={m.bookings_pujas_at({ temple: group.templeName })} />
      ) : null}
      {group.donationTotal > 0 ? (
        <DonationTable lines={group.donations} extra={donationExtra} caption={m.bookings_donations_to({ temple: group.templeName })} />
      ) : null}
      <p className="temple-group__total">
        {m.bookings_total_for({ temple: group.templeName })} <strong>{formatRupees(group.total)}</strong>
      </p>
    </section>
  );
}

function PujaTable<L extends TableLine>({ lines, extra, caption }: { lines: TotalledLine<L>[]; extra?: Extra<L>; caption: string }) {
  const label = {
    puja: m.bookings_puja(),
    devotee: m.bookings_devotee(),
    star: m.bookings_star(),
    date: m.bookings_puja_date(),
    rate: m.bookings_rate(),
    quantity: m.bookings_quantity(),
    amount: m.bookings_amount(),
    postage: m.bookings_postage(),
    total: m.bookings_total(),
  };
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--lines booking-table--stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label.puja}</th>
            <th scope="col">{label.devotee}</th>
            <th scope="col">{label.star}</th>
            <th scope="col">{label.date}</th>
            <th scope="col" className="num">
              {label.rate}
            </th>
            <th scope="col" className="num">
              {label.quantity}
            </th>
            <th scope="col" className="num">
              {label.amount}
            </th>
            <th scope="col" className="num">
              {label.postage}
            </th>
            <th scope="col" className="num">
              {label.total}
            </th>
            {extra ? <th scope="col">{extra.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td data-label={label.devotee}>{line.devoteeName}</td>
              <td data-label={label.star}>{line.starName ?? ""}</td>
              <td data-label={label.date}>{shortDate(line.pujaDate)}</td>
              <td className="num" data-label={label.rate}>
                {formatRupees(line.amount)}
              </td>
              <td className="num" data-label={label.quantity}>
                {line.quantity}
              </td>
              <td className="num" data-label={label.amount}>
                {formatRupees(line.itemAmount)}
              </td>
              <td className="num" data-label={label.postage}>
                {formatRupees(line.postalAmount)}
                {line.prasadTrackingNo ? (
                  <span className="booking-table__note">{m.bookings_post_tracking({ trackingNo: line.prasadTrackingNo })}</span>
                ) : null}
                {line.shippingAddress ? (
                  <span className="booking-table__note booking-table__address">
                    {m.bookings_prasad_posted_to({ address: line.shippingAddress })}
                  </span>
                ) : null}
              </td>
              <td className="num booking-table__total" data-label={label.total}>
                {formatRupees(line.total)}
              </td>
              {extra ? <td className="booking-table__action">{extra.render(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DonationTable<L extends TableLine>({ lines, extra, caption }: { lines: TotalledLine<L>[]; extra?: Extra<L>; caption: string }) {
  const label = {
    donation: m.bookings_donation(),
    name: m.bookings_in_the_name_of(),
    star: m.bookings_star(),
    amount: m.bookings_amount(),
    quantity: m.bookings_quantity(),
    total: m.bookings_total(),
  };
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--lines booking-table--stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label.donation}</th>
            <th scope="col">{label.name}</th>
            <th scope="col">{label.star}</th>
            <th scope="col" className="num">
              {label.amount}
            </th>
            <th scope="col" className="num">
              {label.quantity}
            </th>
            <th scope="col" className="num">
              {label.total}
            </th>
            {extra ? <th scope="col">{extra.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td data-label={label.name}>{line.devoteeName}</td>
              <td data-label={label.star}>{line.starName ?? ""}</td>
              <td className="num" data-label={label.amount}>
                {formatRupees(line.amount)}
              </td>
              <td className="num" data-label={label.quantity}>
                {line.quantity}
              </td>
              <td className="num booking-table__total" data-label={label.total}>
                {formatRupees(line.total)}
              </td>
              {extra ? <td className="booking-table__action">{extra.render(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
