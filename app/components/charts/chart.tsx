/**
 * A server-rendered SVG chart: bars by month, lines (or bars) by day. No script and no charting
 * library: the SVG is drawn from `chartGeometry` and scales to its box. The table the page shows
 * beside it is the real content; the chart is an image of it (role="img", titled).
 */
import { useId } from "react";
import { CHART_BOX, type ChartInput, chartGeometry, round } from "./chart-geometry";

export type { ChartSeries } from "./chart-geometry";

const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Paise to an axis label: ₹ with the Indian grouping (₹1,00,000), without paise. */
export function axisRupees(paise: number): string {
  return wholeRupees.format(paise / 100);
}

export interface ChartProps extends ChartInput {
  title: string;
  /** What the chart shows when every value is zero. */
  emptyText: string;
  /** One value for a tooltip (the table below has them all). */
  formatValue: (value: number) => string;
  formatAxis?: (value: number) => string;
}

export function Chart({ title, emptyText, formatValue, formatAxis = axisRupees, ...input }: ChartProps) {
  const id = useId();
  const geometry = chartGeometry(input);
  const { width, height, fontSize } = CHART_BOX;
  const { plot } = geometry;
  const names = new Map(input.series.map((s) => [s.key, s.name]));
  const tone = new Map(input.series.map((s, index) => [s.key, `chart__tone--${index}`]));
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart__caption">
        {title}
      </figcaption>
      {geometry.empty ? (
        <p className="chart__empty empty-state">{emptyText}</p>
      ) : (
        <>
          <svg
            className={`chart__svg chart__svg--${input.kind}`}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-labelledby={`${id}-title`}
            preserveAspectRatio="xMidYMid meet"
            fontSize={fontSize}
          >
            <title id={`${id}-title`}>{title}</title>
            <g className="chart__grid">
              {geometry.ticks.map((tick) => (
                <g key={tick.value}>
                  <line x1={plot.left} x2={plot.right} y1={round(tick.y)} y2={round(tick.y)} />
                  <text x={plot.left - 4} y={round(tick.y)} textAnchor="end" dominantBaseline="middle">
                    {formatAxis(tick.value)}
                  </text>
                </g>
              ))}
            </g>
            <g className="chart__labels">
              {geometry.slots.map((slot) =>
                slot.axisLabel ? (
                  <text key={slot.label} x={round(slot.x + slot.width / 2)} y={plot.bottom + fontSize + 4} textAnchor="middle">
                    {slot.axisLabel}
                  </text>
                ) : null,
              )}
            </g>
            {geometry.slots.map((slot) =>
              slot.bars.map((bar) => (
                <rect
                  key={`${slot.label}-${bar.series}`}
                  className={`chart__bar ${tone.get(bar.series)}`}
                  x={round(bar.x)}
                  y={round(bar.y)}
                  width={round(bar.width)}
                  height={round(bar.height)}
                >
                  <title>{`${slot.label} · ${names.get(bar.series)}: ${formatValue(bar.value)}`}</title>
                </rect>
              )),
            )}
            {geometry.lines.map((line) => (
              <g key={line.series} className={tone.get(line.series)}>
                <polyline className="chart__line" points={line.points} />
                {line.dots.map((dot) => (
                  <circle key={dot.label} className="chart__dot" cx={dot.x} cy={dot.y} r={2}>
                    <title>{`${dot.label} · ${names.get(line.series)}: ${formatValue(dot.value)}`}</title>
                  </circle>
                ))}
              </g>
            ))}
          </svg>
          {input.series.length > 1 ? (
            <ul className="chart__legend">
              {input.series.map((s) => (
                <li key={s.key}>
                  <span className={`chart__swatch ${tone.get(s.key)}`} aria-hidden="true" />
                  {s.name}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </figure>
  );
}
