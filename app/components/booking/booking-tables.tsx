/**
 * The per-temple tables of a booking or a cart: pujas (puja, devotee, star, date, rate,
 * quantity, amount, postage, total) and donations, with the temple's total. A puja or
 * donation group whose total is 0 is not shown. On a phone each row is a card of label:
 * value pairs with its button in view (`booking-table--stack`, app/styles/bookings.css).
 */
import type { PricedLine, TempleGroup, TotalledLine } from "~/domain/bookings/cart/cart";
import { formatRupees, shortDate } from "~/domain/text";
import { m } from "~/paraglide/messages";
import { StackTable } from "./stack-table";

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
  /** A receipt's tables: they name the temple as the recipient of its lines' money. */
  receipt?: boolean;
}

export function TempleGroupTables<L extends TableLine>({ group, extra, donationExtra, receipt }: GroupProps<L>) {
  return (
    <section className="temple-group" aria-label={group.templeName}>
      <h3>{group.templeName}</h3>
      {receipt ? <p className="temple-group__recipient">{m.payouts_convenience_received_by({ temple: group.templeName })}</p> : null}
      {group.pujaTotal > 0 ? (
        <PujaTable lines={group.pujas} extra={extra} caption={m.bookings_pujas_at({ temple: group.templeName })} />
      ) : null}
      {group.donationTotal > 0 ? (
        <DonationTable lines={group.donations} extra={donationExtra} caption={m.bookings_donations_to({ temple: group.templeName })} />
      ) : null}
      <p className="temple-group__total">
        {m.bookings_total_for({ temple: group.templeName })} <strong>{formatRupees(group.total)}</strong>
      </p>
      {group.convenienceFee > 0 ? <ConvenienceFeeLine amount={group.convenienceFee} /> : null}
    </section>
  );
}

/** The devotee's convenience fee as its own line (the platform's, never in the temple's total). */
export function ConvenienceFeeLine({ amount }: { amount: number }) {
  return (
    <p className="temple-group__total temple-group__convenience" data-testid="convenience-fee">
      {m.payouts_convenience_fee()} <strong>{formatRupees(amount)}</strong>
    </p>
  );
}

function PujaTable<L extends TableLine>({ lines, extra, caption }: { lines: TotalledLine<L>[]; extra?: Extra<L>; caption: string }) {
  const postage = m.bookings_postage();
  return (
    <StackTable<TotalledLine<L>>
      className="booking-table--lines"
      caption={caption}
      rows={lines}
      rowKey={(line) => line.id}
      header={{ label: m.bookings_puja(), cell: (line) => line.itemName }}
      columns={[
        { label: m.bookings_devotee(), cell: (line) => line.devoteeName },
        { label: m.bookings_star(), cell: (line) => line.starName ?? "" },
        { label: m.bookings_puja_date(), cell: (line) => shortDate(line.pujaDate) },
        { label: m.bookings_rate(), num: true, cell: (line) => formatRupees(line.amount) },
        { label: m.bookings_quantity(), num: true, cell: (line) => line.quantity },
        { label: m.bookings_amount(), num: true, cell: (line) => formatRupees(line.itemAmount) },
        { label: postage, num: true, cell: (line) => <Postage line={line} /> },
        { label: m.bookings_total(), num: true, className: "booking-table__total", cell: (line) => formatRupees(line.total) },
        extra ? { label: extra.label, className: "booking-table__action", labelled: false, cell: extra.render } : null,
      ]}
    />
  );
}

/** A line's postage, with where its prasad goes and its post's tracking number once sent. */
function Postage<L extends TableLine>({ line }: { line: TotalledLine<L> }) {
  return (
    <>
      {formatRupees(line.postalAmount)}
      {line.prasadTrackingNo ? (
        <span className="booking-table__note">{m.bookings_post_tracking({ trackingNo: line.prasadTrackingNo })}</span>
      ) : null}
      {line.shippingAddress ? (
        <span className="booking-table__note booking-table__address">{m.bookings_prasad_posted_to({ address: line.shippingAddress })}</span>
      ) : null}
    </>
  );
}

function DonationTable<L extends TableLine>({ lines, extra, caption }: { lines: TotalledLine<L>[]; extra?: Extra<L>; caption: string }) {
  return (
    <StackTable<TotalledLine<L>>
      className="booking-table--lines"
      caption={caption}
      rows={lines}
      rowKey={(line) => line.id}
      header={{ label: m.bookings_donation(), cell: (line) => line.itemName }}
      columns={[
        { label: m.bookings_in_the_name_of(), cell: (line) => line.devoteeName },
        { label: m.bookings_star(), cell: (line) => line.starName ?? "" },
        { label: m.bookings_amount(), num: true, cell: (line) => formatRupees(line.amount) },
        { label: m.bookings_quantity(), num: true, cell: (line) => line.quantity },
        { label: m.bookings_total(), num: true, className: "booking-table__total", cell: (line) => formatRupees(line.total) },
        extra ? { label: extra.label, className: "booking-table__action", labelled: false, cell: extra.render } : null,
      ]}
    />
  );
}
