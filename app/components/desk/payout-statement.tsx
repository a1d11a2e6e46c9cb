/**
 * The desk's bank view of a month (issue 43): the month's totals, then each booking line with its
 * fee, GST, the temple's share and where that share is. The lines are the booking pages' stacking
 * table, so on a phone each line is a card of label: value pairs (no script needed).
 */
import { StackTable } from "~/components/booking/stack-table";
import type { PayoutFigures, StatementLine } from "~/domain/ledger/payout-state";
import { formatRupees, longDate, monthYear } from "~/domain/text";
import { m } from "~/paraglide/messages";

export function payoutStatusText(line: Pick<StatementLine, "state" | "holdUntil">): string {
  switch (line.state) {
    case "held":
      return line.holdUntil ? m.payouts_statement_status_held({ date: longDate(line.holdUntil) }) : m.payouts_statement_status_held_puja();
    case "released":
      return m.payouts_statement_status_released();
    case "settled":
      return m.payouts_statement_status_settled();
    case "reversed":
      return m.payouts_statement_status_reversed();
    case "failed":
      return m.payouts_statement_status_failed();
    case "pending":
      return m.payouts_statement_status_pending();
    case "outside":
      return m.payouts_statement_status_outside();
    case "at_temple":
      return m.desk_settlement_col_at_temple();
    case "cancelled":
      return m.desk_settlement_col_cancelled();
  }
}

function MonthTotals({ month, totals }: { month: string; totals: PayoutFigures }) {
  const figures: [string, number][] = [
    [m.payouts_statement_total_booked(), totals.booked],
    [m.payouts_statement_total_fee(), totals.fee],
    [m.payouts_statement_total_gst(), totals.gst],
    [m.payouts_statement_total_transferred(), totals.transferred],
    [m.payouts_statement_total_settled(), totals.settled],
    [m.payouts_statement_total_held(), totals.held],
    [m.payouts_statement_total_reversed(), totals.reversed],
    [m.payouts_statement_total_pending(), totals.pending],
    [m.payouts_statement_status_outside(), totals.outside],
    [m.desk_settlement_col_at_temple(), totals.atTemple],
  ];
  return (
    <>
      <h4 id="bank-view-totals">{m.payouts_statement_totals({ month: monthYear(month) })}</h4>
      <dl className="desk-stats" aria-labelledby="bank-view-totals">
        {figures.map(([label, paise]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatRupees(paise)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function PayoutStatement({
  month,
  totals,
  lines,
  shownLimit,
}: {
  month: string;
  totals: PayoutFigures;
  lines: StatementLine[];
  /** Lines past it are left to the CSV (the page reads one more to know). */
  shownLimit: number;
}) {
  const shown = lines.slice(0, shownLimit);
  const dash = (value: string | null) => value || "—";
  return (
    <section aria-labelledby="bank-view-title">
      <h3 id="bank-view-title">{m.payouts_statement_title({ month: monthYear(month) })}</h3>
      <p className="field-hint">{m.payouts_statement_intro()}</p>
      <MonthTotals month={month} totals={totals} />
      {shown.length === 0 ? (
        <p className="empty-state">{m.payouts_statement_empty()}</p>
      ) : (
        <StackTable
          caption={m.payouts_statement_lines_caption({ month: monthYear(month) })}
          className="bank-view"
          rows={shown}
          rowKey={(line) => line.lineId}
          header={{ label: m.payouts_statement_col_tracking(), cell: (line) => line.trackingNo }}
          columns={[
            { label: m.payouts_statement_col_date(), cell: (line) => longDate(line.day) },
            { label: m.payouts_statement_col_item(), cell: (line) => line.itemName },
            { label: m.payouts_statement_col_amount(), num: true, cell: (line) => formatRupees(line.booked) },
            { label: m.payouts_statement_col_fee(), num: true, cell: (line) => formatRupees(line.fee) },
            { label: m.payouts_statement_col_gst(), num: true, cell: (line) => formatRupees(line.gst) },
            { label: m.payouts_statement_col_share(), num: true, cell: (line) => formatRupees(line.share) },
            { label: m.payouts_statement_col_transfer(), cell: (line) => <code>{dash(line.transferRef)}</code> },
            { label: m.payouts_statement_col_status(), cell: (line) => payoutStatusText(line) },
            {
              label: m.payouts_statement_col_settlement(),
              cell: (line) => (line.settledOn ? `${longDate(line.settledOn)} · ${m.payouts_statement_utr({ utr: dash(line.utr) })}` : "—"),
            },
            {
              label: m.payouts_statement_col_reversed(),
              num: true,
              cell: (line) => (line.reversed > 0 ? formatRupees(line.reversed) : "—"),
            },
          ]}
        />
      )}
      {lines.length > shownLimit ? <p className="field-hint">{m.payouts_statement_more({ shown: String(shownLimit) })}</p> : null}
    </section>
  );
}
