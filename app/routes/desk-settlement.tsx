/**
 * The temple's settlement statement: its bank view of a month (each line's fee, share and transfer),
 * and what it received per day of a month and per month of a year.
 */
import { data } from "react-router";
import { Form } from "~/components/layout/localized";
import { Chart } from "~/components/charts/chart";
import { ChartTable } from "~/components/charts/chart-table";
import { DeskTable } from "~/components/desk/desk-table";
import { feeText, kindText } from "~/components/desk/fee-text";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { queryOf, settlementQuerySchema } from "~/domain/ledger/periods";
import { type TempleFeeSummary, templeFeeSummary } from "~/domain/ledger/fees.server";
import type { PayoutFigures } from "~/domain/ledger/payout-state";
import { PayoutStatement } from "~/components/desk/payout-statement";
import { payoutLastMonths, payoutMonthTotals, statementLines } from "~/domain/ledger/payout-statement.server";
import { type SettlementFigures, type SettlementRow, settlementByDay, settlementByMonth } from "~/domain/ledger/settlement.server";
import { formatCount, formatRupees, longDate, monthShort, monthYear } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-settlement";

/** The lines a page shows; the CSV has them all. */
const BANK_VIEW_LINES = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const query = settlementQuerySchema.safeParse(queryOf(request.url));
  if (!query.success) throw data(m.desk_settlement_bad_query(), { status: 400 });
  const month = query.data.month ?? todayInIndia().slice(0, 7);
  const year = query.data.year ?? Number(month.slice(0, 4));
  const db = dbFrom(context);
  const today = todayInIndia();
  const [byDay, byMonth, fees, lastMonths, bankTotals, bankLines] = await Promise.all([
    settlementByDay(db, templeId, month),
    settlementByMonth(db, templeId, year),
    templeFeeSummary(db, templeId, today),
    payoutLastMonths(db, templeId, today.slice(0, 7)),
    payoutMonthTotals(db, templeId, month),
    statementLines(db, templeId, month, BANK_VIEW_LINES + 1),
  ]);
  // A month's tax invoice can be had once the month has ended.
  return {
    templeId,
    month,
    year,
    byDay,
    byMonth,
    lastMonths,
    bankTotals,
    bankLines,
    fees: { puja: fees.puja, donation: fees.donation },
    invoiceReady: month < today.slice(0, 7),
  };
}

export const meta = () => pageMeta(m.desk_settlement_title());

function SettlementTable({
  caption,
  rows,
  totals,
  periodHeading,
  label,
}: {
  caption: string;
  rows: SettlementRow[];
  totals: SettlementFigures;
  periodHeading: string;
  label: (period: string) => string;
}) {
  const figures = (row: SettlementFigures) => (
    <>
      <td className="num">{formatCount(row.lines)}</td>
      <td className="num">{formatRupees(row.pujas)}</td>
      <td className="num">{formatRupees(row.postage)}</td>
      <td className="num">{formatRupees(row.donations)}</td>
      <td className="num">{formatRupees(row.total)}</td>
      <td className="num">{formatRupees(row.atTemple)}</td>
      <td className="num">{formatRupees(row.paidOut)}</td>
      <td className="num">{row.cancelledSales > 0 ? `${formatCount(row.cancelledSales)} · ${formatRupees(row.cancelled)}` : "—"}</td>
    </>
  );
  return (
    <DeskTable
      caption={caption}
      headings={[
        periodHeading,
        m.desk_settlement_col_lines(),
        m.desk_settlement_col_pujas(),
        m.desk_settlement_col_postage(),
        m.desk_settlement_col_donations(),
        m.desk_settlement_col_total(),
        m.desk_settlement_col_at_temple(),
        m.desk_settlement_col_paid_out(),
        m.desk_settlement_col_cancelled(),
      ]}
      footer={
        <tr>
          <th scope="row">{m.desk_settlement_total()}</th>
          {figures(totals)}
        </tr>
      }
    >
      {rows.map((row) => (
        <tr key={row.period}>
          <th scope="row">{label(row.period)}</th>
          {figures(row)}
        </tr>
      ))}
    </DeskTable>
  );
}

/** The month's counter takings by how they were paid: what stayed at the temple and what the portal pays out with online money. */
function CounterTakings({ month, totals }: { month: string; totals: SettlementFigures }) {
  return (
    <section aria-labelledby="counter-takings-title">
      <h3 id="counter-takings-title">{m.desk_settlement_counter_title({ month: monthYear(month) })}</h3>
      <p className="field-hint">{m.desk_settlement_counter_intro()}</p>
      <dl className="desk-stats">
        <div>
          <dt>{m.desk_settlement_counter_cash()}</dt>
          <dd>{formatRupees(totals.counterCash)}</dd>
        </div>
        <div>
          <dt>{m.desk_settlement_counter_upi()}</dt>
          <dd>{formatRupees(totals.counterUpi)}</dd>
        </div>
        <div>
          <dt>{m.desk_settlement_counter_gateway_upi()}</dt>
          <dd>{formatRupees(totals.counterGatewayUpi)}</dd>
        </div>
        <div>
          <dt>{m.desk_settlement_counter_cancelled()}</dt>
          <dd>
            {formatCount(totals.cancelledSales)} · {formatRupees(totals.cancelled)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The platform's fee on the temple's bookings, and any change set to come, before it applies. */
function PlatformFee({ fees }: { fees: Pick<TempleFeeSummary, "puja" | "donation"> }) {
  return (
    <section aria-labelledby="platform-fee-title">
      <h3 id="platform-fee-title">{m.fees_desk_title()}</h3>
      <p className="field-hint">{m.fees_desk_intro()}</p>
      <ul className="plain-list">
        {(["puja", "donation"] as const).map((kind) => (
          <li key={kind}>
            {m.fees_current({ kind: kindText(kind), fee: feeText(fees[kind].current) })}
            {fees[kind].upcoming.map((rule) => (
              <strong key={rule.id}> · {m.fees_upcoming({ date: longDate(rule.effectiveFrom), fee: feeText(rule) })}</strong>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The last 12 months as a chart and its table: the temple's share transferred to its account,
 * held until pujas are done, paid out by Sannidhi outside the portal (no linked account), the
 * platform's fee with GST, and what refunds reversed. Each month links to its statement.
 */
function LastMonths({ rows }: { rows: (PayoutFigures & { period: string })[] }) {
  const series = [
    { key: "transferred", name: m.payouts_statement_chart_transferred(), values: rows.map((row) => row.transferred) },
    { key: "held", name: m.payouts_statement_chart_held(), values: rows.map((row) => row.held) },
    { key: "outside", name: m.payouts_statement_chart_outside(), values: rows.map((row) => row.outside) },
    { key: "fees", name: m.payouts_statement_chart_fees(), values: rows.map((row) => row.fee + row.gst) },
    { key: "reversed", name: m.payouts_statement_chart_reversed(), values: rows.map((row) => row.reversed) },
  ];
  const labels = rows.map((row) => monthYear(row.period));
  return (
    <section aria-labelledby="settlement-chart-title">
      <h3 id="settlement-chart-title">{m.desk_settlement_chart()}</h3>
      <Chart
        kind="bars"
        title={m.desk_settlement_chart()}
        emptyText={m.desk_settlement_chart_empty()}
        labels={labels}
        axisLabels={rows.map((row) => monthShort(row.period))}
        series={series}
        formatValue={formatRupees}
      />
      <ChartTable
        caption={m.desk_settlement_chart()}
        firstColumn={m.desk_settlement_col_month()}
        labels={labels}
        labelHref={(index) => `?month=${rows[index]!.period}`}
        series={series}
        formatValue={formatRupees}
      />
    </section>
  );
}

export default function DeskSettlement({ loaderData }: Route.ComponentProps) {
  const { templeId, month, year, byDay, byMonth, fees, invoiceReady, lastMonths, bankTotals, bankLines } = loaderData;
  const csv = `/desk/${templeId}/settlement.csv`;
  return (
    <section aria-labelledby="settlement-title">
      <h2 id="settlement-title">{m.desk_settlement_title()}</h2>
      <p className="field-hint">{m.desk_settlement_intro()}</p>
      <Form method="get" className="desk-form desk-toolbar" aria-label={m.desk_settlement_pick()}>
        <label htmlFor="settlement-month">{m.desk_settlement_month()}</label>
        <input id="settlement-month" name="month" type="month" defaultValue={month} min="2020-01" max="2099-12" required />
        <label htmlFor="settlement-year">{m.desk_settlement_year()}</label>
        <input id="settlement-year" name="year" type="number" inputMode="numeric" min={2020} max={2099} defaultValue={year} required />
        <button type="submit" className="button button--small">
          {m.desk_settlement_show()}
        </button>
      </Form>
      <p className="desk-toolbar">
        <a className="button button--small" href={`${csv}?month=${month}`} download>
          {m.desk_settlement_csv_month({ month: monthYear(month) })}
        </a>
        <a className="button button--small" href={`${csv}?year=${year}`} download>
          {m.desk_settlement_csv_year({ year: String(year) })}
        </a>
        {invoiceReady ? (
          <a className="button button--small" href={`/desk/${templeId}/invoices/${month}/invoice.pdf`} download>
            {m.fees_invoice_month_link({ month: monthYear(month) })}
          </a>
        ) : null}
      </p>
      <PlatformFee fees={fees} />
      <LastMonths rows={lastMonths} />
      <PayoutStatement month={month} totals={bankTotals} lines={bankLines} shownLimit={BANK_VIEW_LINES} />
      <CounterTakings month={month} totals={byDay.totals} />
      <SettlementTable
        caption={m.desk_settlement_by_day({ month: monthYear(month) })}
        rows={byDay.rows}
        totals={byDay.totals}
        periodHeading={m.desk_settlement_col_day()}
        label={(day) => day}
      />
      <SettlementTable
        caption={m.desk_settlement_by_month({ year: String(year) })}
        rows={byMonth.rows}
        totals={byMonth.totals}
        periodHeading={m.desk_settlement_col_month()}
        label={(period) => monthYear(period)}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
