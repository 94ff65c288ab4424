import { describe, expect, it } from "vitest";
import { layoutBars, niceTicks, plotArea, roundedTopBar, visibleLabels } from "./bar-chart-layout";

describe("niceTicks", () => {
  it("gives five whole-number ticks from 0, the last at or above the largest value", () => {
    expect(niceTicks(1)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(5)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 3, 6, 9, 12]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(101)).toEqual([0, 30, 60, 90, 120]);
    expect(niceTicks(1234)).toEqual([0, 400, 800, 1200, 1600]);
    expect(niceTicks(36)).toEqual([0, 9, 18, 27, 36]);
  });

  it("never steps by a fraction, and covers every value", () => {
    for (let max = 0; max <= 5000; max += 7) {
      const ticks = niceTicks(max);
      expect(ticks).toHaveLength(5);
      expect(ticks.every((tick) => Number.isInteger(tick))).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      // Nice, not wasteful: the axis is at most about twice as tall as the largest value.
      if (max > 4) expect(ticks.at(-1)).toBeLessThan(max * 2);
    }
  });

  it("draws 0 to 4 for zeros, no values or a value that is not a number", () => {
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(-3)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(Number.POSITIVE_INFINITY)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("plotArea", () => {
  it("leaves room for the value labels, and is never negative", () => {
    expect(plotArea(400, 224)).toEqual({ left: 32, top: 8, width: 360, height: 186 });
    expect(plotArea(400, 224, 40).left).toBe(50);
    expect(plotArea(10, 10)).toEqual({ left: 32, top: 8, width: 0, height: 0 });
  });
});

describe("layoutBars", () => {
  const plot = { left: 32, top: 8, width: 300, height: 200 };

  it("gives bars heights proportional to their values, from the plot's bottom", () => {
    const bars = layoutBars([1, 2, 4, 0], plot, 4, 32);
    expect(bars.map((bar) => bar.height)).toEqual([50, 100, 200, 0]);
    expect(bars.map((bar) => bar.y + bar.height)).toEqual([208, 208, 208, 208]);
  });

  it("centres each bar in its band, 80 % of it, at most the widest bar", () => {
    const [first, second] = layoutBars([1, 1, 1], plot, 4, 32);
    expect(first).toMatchObject({ bandX: 32, bandWidth: 100, width: 32, center: 82, x: 66 });
    expect(second?.bandX).toBe(132);
    const narrow = layoutBars(new Array<number>(30).fill(1), plot, 4, 32);
    expect(narrow[0]?.width).toBeCloseTo(8);
  });

  it("draws no bar for no values, zeros on a zero scale, or values that are not counts", () => {
    expect(layoutBars([], plot, 4, 32)).toEqual([]);
    const bars = layoutBars([0, 0], plot, 0, 32);
    expect(bars.map((bar) => bar.height)).toEqual([0, 0]);
    expect(bars.every((bar) => Number.isFinite(bar.x) && Number.isFinite(bar.y))).toBe(true);
    const odd = layoutBars([Number.NaN, -1, 9], plot, 4, 32);
    expect(odd.map((bar) => bar.height)).toEqual([0, 0, 200]);
  });

  it("lays out hundreds of bars", () => {
    const values = Array.from({ length: 5000 }, (_, index) => index % 50);
    const bars = layoutBars(values, plot, 50, 32);
    expect(bars).toHaveLength(5000);
    expect(bars.at(-1)?.bandX).toBeCloseTo(32 + 300 - 300 / 5000);
  });
});

describe("roundedTopBar", () => {
  it("rounds the top corners by 4, less for a short or narrow bar", () => {
    expect(roundedTopBar({ x: 10, y: 20, width: 30, height: 40 }, 4)).toBe(
      "M10,60V24A4,4 0 0 1 14,20H36A4,4 0 0 1 40,24V60Z",
    );
    expect(roundedTopBar({ x: 0, y: 0, width: 30, height: 2 }, 4)).toContain("A2,2");
    expect(roundedTopBar({ x: 0, y: 0, width: 3, height: 40 }, 4)).toContain("A1.5,1.5");
  });
});

describe("visibleLabels", () => {
  it("keeps every label when they fit, the last one moved inside the chart", () => {
    expect(visibleLabels([50, 150, 250], [40, 40, 40], 300, 16)).toEqual([
      { index: 0, x: 50 },
      { index: 1, x: 150 },
      { index: 2, x: 250 },
    ]);
    expect(visibleLabels([50, 290], [40, 40], 300, 16)).toEqual([
      { index: 0, x: 50 },
      { index: 1, x: 280 },
    ]);
  });

  it("skips the labels that would come closer than the gap, keeping the last one", () => {
    // Bands 10 px apart, labels 40 px wide: a label every 6 bands (56 px) at most.
    const centers = Array.from({ length: 30 }, (_, index) => 40 + index * 10 + 5);
    const kept = visibleLabels(centers, new Array<number>(30).fill(40), 400, 16);
    expect(kept.at(-1)?.index).toBe(29);
    expect(kept.map((label) => label.index)).toEqual([5, 11, 17, 23, 29]);
    for (let index = 1; index < kept.length; index += 1) {
      const gap = (kept[index]?.x ?? 0) - (kept[index - 1]?.x ?? 0) - 40;
      expect(gap).toBeGreaterThanOrEqual(16);
    }
  });

  it("leaves out a label that would be cut at the chart's left edge", () => {
    expect(visibleLabels([10, 100], [40, 40], 200, 16)).toEqual([{ index: 1, x: 100 }]);
    expect(visibleLabels([], [], 200, 16)).toEqual([]);
  });
});
