/**
 * Where a chart's bars, lines, ticks and labels go (pure, so the geometry is tested without a
 * renderer). Everything is in the SVG's own units: the SVG scales to its box, so a 360 px phone
 * draws it at about this size and a desk screen larger.
 */

export interface ChartSeries {
  /** Stable key: the CSS tone and the legend use it. */
  key: string;
  name: string;
  /** One value per label, in paise (or any non-negative amount). */
  values: readonly number[];
}

export interface ChartInput {
  kind: "bars" | "lines";
  /** What each slot is, in full (a month name, a day). */
  labels: readonly string[];
  /** What the axis shows under each slot (a short month, a day number); the full label otherwise. */
  axisLabels?: readonly string[];
  series: readonly ChartSeries[];
}

export const CHART_BOX = { width: 320, height: 180, left: 66, right: 6, top: 8, bottom: 24, fontSize: 10 } as const;
/** An average glyph's width for the axis font: labels are cut to what their slot can hold. */
const GLYPH = CHART_BOX.fontSize * 0.6;
const TICKS = 4;

export interface ChartBar {
  series: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartSlot {
  label: string;
  /** The axis text (cut with "…" to fit), or null when this slot's label is skipped to make room. */
  axisLabel: string | null;
  x: number;
  width: number;
  bars: ChartBar[];
}

export interface ChartGeometry {
  empty: boolean;
  max: number;
  ticks: { value: number; y: number }[];
  slots: ChartSlot[];
  /** Each series' polyline, and a dot at each of its days with money (the dot carries the figure). */
  lines: { series: string; points: string; dots: { label: string; value: number; x: number; y: number }[] }[];
  plot: { left: number; right: number; top: number; bottom: number };
}

/** A round top for the axis at or above `max` (1, 2, 2.5 or 5 times a power of ten, times the tick count). */
export function niceMax(max: number, ticks = TICKS): number {
  if (max <= 0) return 0;
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return step * ticks;
}

/** `text` cut to `chars` characters, the last one an ellipsis when cut. */
export function fitLabel(text: string, chars: number): string {
  if (chars < 1) return "";
  if (text.length <= chars) return text;
  return chars === 1 ? "…" : `${text.slice(0, chars - 1)}…`;
}

export function chartGeometry(input: ChartInput): ChartGeometry {
  const { width, height, left, right, top, bottom } = CHART_BOX;
  const plot = { left, right: width - right, top, bottom: height - bottom };
  const count = input.labels.length;
  const max = Math.max(0, ...input.series.flatMap((s) => s.values.map((v) => Math.max(0, v))));
  const top_ = niceMax(max);
  const empty = count === 0 || max === 0;
  const scale = (value: number) => (top_ === 0 ? 0 : (Math.max(0, value) / top_) * (plot.bottom - plot.top));
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => {
    const value = (top_ / TICKS) * i;
    return { value, y: plot.bottom - scale(value) };
  });
  const slotWidth = count === 0 ? 0 : (plot.right - plot.left) / count;
  const axisTexts = input.labels.map((label, i) => input.axisLabels?.[i] ?? label);
  const longest = Math.max(1, ...axisTexts.map((text) => text.length));
  // Slots too narrow for their labels show every n-th one, counting from the first; at least three are shown, cut to fit if need be.
  const every = slotWidth === 0 ? 1 : Math.max(1, Math.min(Math.ceil(count / 3), Math.ceil((longest * GLYPH + 2) / slotWidth)));
  const labelRoom = Math.floor((slotWidth * every - 2) / GLYPH);
  const seriesCount = Math.max(1, input.series.length);
  // A few months do not make fat bars: a group of bars is at most 40 units wide, centred in its slot.
  const barArea = Math.min(slotWidth * 0.8, 40);
  const barWidth = input.kind === "bars" ? barArea / seriesCount : 0;
  const slots = input.labels.map((label, index): ChartSlot => {
    const x = plot.left + slotWidth * index;
    const text = axisTexts[index]!;
    return {
      label,
      axisLabel: index % every === 0 ? fitLabel(text, labelRoom) : null,
      x,
      width: slotWidth,
      bars:
        input.kind === "bars"
          ? input.series.map((s, n) => {
              const value = s.values[index] ?? 0;
              const barHeight = scale(value);
              return {
                series: s.key,
                value,
                x: x + (slotWidth - barArea) / 2 + barWidth * n,
                y: plot.bottom - barHeight,
                width: barWidth,
                height: barHeight,
              };
            })
          : [],
    };
  });
  const lines =
    input.kind === "lines"
      ? input.series.map((s) => ({
          series: s.key,
          points: input.labels
            .map((_, i) => `${round(plot.left + slotWidth * (i + 0.5))},${round(plot.bottom - scale(s.values[i] ?? 0))}`)
            .join(" "),
          dots: input.labels.flatMap((label, i) => {
            const value = s.values[i] ?? 0;
            return value > 0 ? [{ label, value, x: round(plot.left + slotWidth * (i + 0.5)), y: round(plot.bottom - scale(value)) }] : [];
          }),
        }))
      : [];
  return { empty, max: top_, ticks, slots, lines, plot };
}

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}
