/**
 * The per-temple tables of a booking or a cart: pujas (puja, devotee, star, date, rate,
 * quantity, amount, postage, total) and donations, with the temple's total. A puja or
 * donation group whose total is 0 is not shown.
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
      {group.pujaTotal > 0 ? <PujaTable lines={group.pujas} extra={extra} caption={m.bookings_pujas_at({ temple: group.templeName })} /> : null}
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
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--lines">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.bookings_puja()}</th>
            <th scope="col">{m.bookings_devotee()}</th>
            <th scope="col">{m.bookings_star()}</th>
            <th scope="col">{m.bookings_puja_date()}</th>
            <th scope="col" className="num">{m.bookings_rate()}</th>
            <th scope="col" className="num">{m.bookings_quantity()}</th>
            <th scope="col" className="num">{m.bookings_amount()}</th>
            <th scope="col" className="num">{m.bookings_postage()}</th>
            <th scope="col" className="num">{m.bookings_total()}</th>
            {extra ? <th scope="col">{extra.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td>{line.devoteeName}</td>
              <td>{line.starName ?? ""}</td>
              <td>{shortDate(line.pujaDate)}</td>
              <td className="num">{formatRupees(line.amount)}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatRupees(line.itemAmount)}</td>
              <td className="num">
                {formatRupees(line.postalAmount)}
                {line.prasadTrackingNo ? <span className="booking-table__note">{m.bookings_post_tracking({ trackingNo: line.prasadTrackingNo })}</span> : null}
              </td>
              <td className="num">{formatRupees(line.total)}</td>
              {extra ? <td>{extra.render(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DonationTable<L extends TableLine>({ lines, extra, caption }: { lines: TotalledLine<L>[]; extra?: Extra<L>; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="booking-table booking-table--lines">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.bookings_donation()}</th>
            <th scope="col">{m.bookings_in_the_name_of()}</th>
            <th scope="col">{m.bookings_star()}</th>
            <th scope="col" className="num">{m.bookings_amount()}</th>
            <th scope="col" className="num">{m.bookings_quantity()}</th>
            <th scope="col" className="num">{m.bookings_total()}</th>
            {extra ? <th scope="col">{extra.label}</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td>{line.devoteeName}</td>
              <td>{line.starName ?? ""}</td>
              <td className="num">{formatRupees(line.amount)}</td>
              <td className="num">{line.quantity}</td>
              <td className="num">{formatRupees(line.total)}</td>
              {extra ? <td>{extra.render(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
