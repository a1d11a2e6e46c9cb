/** The month by day as lines: received, booked, refunded, not matched (the ledger table below has every figure). */
import { Chart } from "~/components/charts/chart";
import type { LedgerView } from "~/domain/ledger/ledger-view.server";
import { formatRupees } from "~/domain/text";
import { m } from "~/paraglide/messages";

export function LedgerChart({ view }: { view: LedgerView }) {
  const days = view.ledger.perDay;
  return (
    <Chart
      kind="lines"
      title={m.operator_ledger_chart()}
      emptyText={m.operator_ledger_chart_empty()}
      labels={days.map((row) => row.day)}
      axisLabels={days.map((row) => row.day.slice(8))}
      series={[
        { key: "received", name: m.operator_ledger_col_received(), values: days.map((row) => row.received) },
        { key: "booked", name: m.operator_ledger_col_booked(), values: days.map((row) => row.booked) },
        { key: "refunded", name: m.operator_ledger_col_refunded(), values: days.map((row) => row.refunded) },
        { key: "unmatched", name: m.operator_ledger_col_unmatched(), values: days.map((row) => row.unmatched) },
      ]}
      formatValue={formatRupees}
    />
  );
}
