import { describe, expect, it } from "vitest";
import { CHART_BOX, chartGeometry, fitLabel, niceMax } from "~/components/charts/chart-geometry";

const months = ["Jan", "Feb", "Mar", "Apr"];

describe("chart geometry", () => {
  it("scales bars to a round maximum: the tallest bar reaches it in proportion, a zero bar has no height", () => {
    const chart = chartGeometry({
      kind: "bars",
      labels: months,
      series: [{ key: "total", name: "Total", values: [0, 40_000, 100_000, 25_000] }],
    });
    expect(chart.empty).toBe(false);
    expect(chart.max).toBe(100_000);
    const heights = chart.slots.map((slot) => slot.bars[0]!.height);
    const full = chart.plot.bottom - chart.plot.top;
    expect(heights).toEqual([0, full * 0.4, full, full * 0.25]);
    for (const slot of chart.slots) for (const bar of slot.bars) expect(bar.y + bar.height).toBeCloseTo(chart.plot.bottom);
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 25_000, 50_000, 75_000, 100_000]);
  });

  it("rounds the axis up to 1, 2, 2.5 or 5 times a power of ten per tick", () => {
    expect(niceMax(0)).toBe(0);
    expect(niceMax(123_456)).toBe(200_000);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(950)).toBe(1_000);
  });

  it("puts a series' bars side by side inside their slot", () => {
    const chart = chartGeometry({
      kind: "bars",
      labels: months,
      series: [
        { key: "a", name: "A", values: [1, 2, 3, 4] },
        { key: "b", name: "B", values: [4, 3, 2, 1] },
      ],
    });
    for (const slot of chart.slots) {
      const [a, b] = slot.bars;
      expect(b!.x).toBeCloseTo(a!.x + a!.width);
      expect(b!.x + b!.width).toBeLessThanOrEqual(slot.x + slot.width);
      // Four months do not make fat bars: the group stays 40 units wide, centred in its slot.
      expect(b!.x + b!.width - a!.x).toBeCloseTo(40);
      expect(a!.x - slot.x).toBeCloseTo(slot.x + slot.width - (b!.x + b!.width));
    }
  });

  it("is empty with no labels or only zeros", () => {
    expect(chartGeometry({ kind: "bars", labels: [], series: [{ key: "a", name: "A", values: [] }] }).empty).toBe(true);
    expect(chartGeometry({ kind: "lines", labels: months, series: [{ key: "a", name: "A", values: [0, 0, 0, 0] }] }).empty).toBe(true);
  });

  it("cuts long labels to their slot and skips labels when 31 days do not fit", () => {
    const long = "A very long purpose name that would never fit under one bar";
    const chart = chartGeometry({
      kind: "bars",
      labels: Array(12).fill(long),
      series: [{ key: "a", name: "A", values: Array(12).fill(1) }],
    });
    const cut = chart.slots.filter((slot) => slot.axisLabel !== null);
    expect(cut.length).toBeGreaterThanOrEqual(3);
    for (const [i, slot] of cut.entries()) {
      expect(slot.axisLabel!.endsWith("…")).toBe(true);
      const room = (cut[i + 1]?.x ?? CHART_BOX.width - CHART_BOX.right) - slot.x;
      expect(slot.axisLabel!.length * CHART_BOX.fontSize * 0.6).toBeLessThanOrEqual(room);
    }
    // Short month names are never cut: every other one is shown instead.
    const year = chartGeometry({
      kind: "bars",
      labels: Array(12).fill("September"),
      axisLabels: Array(12).fill("Sept"),
      series: [{ key: "a", name: "A", values: Array(12).fill(1) }],
    });
    expect(year.slots.map((slot) => slot.axisLabel).filter((label) => label !== null)).toEqual(Array(6).fill("Sept"));
    const days = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, "0"));
    const month = chartGeometry({ kind: "lines", labels: days, series: [{ key: "a", name: "A", values: days.map(Number) }] });
    const shown = month.slots.filter((slot) => slot.axisLabel !== null);
    expect(shown.length).toBeLessThan(31);
    expect(shown[0]!.axisLabel).toBe("01");
    // Shown labels never overlap: each has the room of the slots up to the next one.
    for (let i = 1; i < shown.length; i++) expect(shown[i]!.x - shown[i - 1]!.x).toBeGreaterThanOrEqual(2 * CHART_BOX.fontSize * 0.6);
    expect(month.lines[0]!.points.split(" ")).toHaveLength(31);
    expect(fitLabel("November", 4)).toBe("Nov…");
  });
});
