/** The table a chart summarises, when the page has no table of those figures already: one row per label, one column per series. */
import type { ChartSeries } from "./chart-geometry";

export function ChartTable(props: {
  caption: string;
  firstColumn: string;
  labels: readonly string[];
  /** Where a row's label leads (its own page: a month's statement), if anywhere. */
  labelHref?: (index: number) => string;
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
}) {
  return (
    <div className="table-scroll">
      <table className="desk-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.firstColumn}</th>
            {props.series.map((s) => (
              <th scope="col" key={s.key}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{props.labelHref ? <a href={props.labelHref(index)}>{label}</a> : label}</th>
              {props.series.map((s) => (
                <td className="num" key={s.key}>
                  {props.formatValue(s.values[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
