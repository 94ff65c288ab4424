/**
 * The geometry of a bar chart of counts (`bar-chart.tsx`): the value axis's ticks, the bars'
 * rectangles and the category labels that fit. Pure functions, linear in the number of bars.
 */

/** How many ticks the value axis has, 0 included. */
export const TICK_COUNT = 5;

/** The multipliers of a power of ten that make a nice step (1, 1.5, 2, 2.5, 3, ... 9). */
const STEP_MULTIPLIERS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The value axis's ticks for values up to `max`: `TICK_COUNT` whole numbers from 0, evenly spaced by
 * a nice step (1, 2, 3, 5, 10, 15, 25, 50, ...), the last one at or above `max`. A series of zeros
 * (or no values) gets 0 to 4, not a division by zero.
 */
export function niceTicks(max: number, count = TICK_COUNT): number[] {
  const intervals = Math.max(1, count - 1);
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const rough = top / intervals;
  let step = 1;
  if (rough > 1) {
    const power = 10 ** Math.floor(Math.log10(rough));
    step =
      STEP_MULTIPLIERS.map((multiplier) => multiplier * power).find(
        (candidate) => Number.isInteger(candidate) && candidate >= rough,
      ) ?? 10 * power;
  }
  return Array.from({ length: intervals + 1 }, (_, index) => index * step);
}

/** Where the chart draws, in pixels from the top left of the SVG. */
export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The plot's margins inside the SVG: the value axis's labels on the left, the categories below. */
export const PLOT_MARGIN = { top: 8, right: 8, bottom: 30, left: 32 };

/** The space between the value axis's labels and the plot. */
export const VALUE_LABEL_GAP = 8;

/**
 * The plot of a chart `width` x `height` pixels (never negative), its left margin wide enough for
 * the value axis's widest label (`valueLabelWidth`).
 */
export function plotArea(width: number, height: number, valueLabelWidth = 0): PlotArea {
  const left = Math.max(PLOT_MARGIN.left, Math.ceil(valueLabelWidth) + VALUE_LABEL_GAP + 2);
  return {
    left,
    top: PLOT_MARGIN.top,
    width: Math.max(0, width - left - PLOT_MARGIN.right),
    height: Math.max(0, height - PLOT_MARGIN.top - PLOT_MARGIN.bottom),
  };
}

/** A bar's rectangle, in its band (the slice of the plot's width of one category). */
export interface BarRect {
  /** The band's left edge and width: what the pointer hovers. */
  bandX: number;
  bandWidth: number;
  /** The bar's left edge, top, width and height (0 for a value of 0). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The band's centre: where its label and its tooltip go. */
  center: number;
}

/** The bands' gap: a bar leaves a tenth of its band empty on each side. */
const BAND_GAP = 0.1;

/**
 * The bars of `values` in `plot`, each centred in its band, at most `maxBarWidth` wide, its height
 * proportional to its value on a scale from 0 to `top` (the last tick). Negative or non-finite
 * values draw no bar.
 */
export function layoutBars(
  values: readonly number[],
  plot: PlotArea,
  top: number,
  maxBarWidth: number,
): BarRect[] {
  const bandWidth = values.length === 0 ? 0 : plot.width / values.length;
  const width = Math.min(maxBarWidth, bandWidth * (1 - 2 * BAND_GAP));
  const bottom = plot.top + plot.height;
  return values.map((value, index) => {
    const bandX = plot.left + index * bandWidth;
    const center = bandX + bandWidth / 2;
    const ratio = top > 0 && Number.isFinite(value) && value > 0 ? Math.min(value / top, 1) : 0;
    const height = ratio * plot.height;
    return { bandX, bandWidth, x: center - width / 2, y: bottom - height, width, height, center };
  });
}

/** The SVG path of a bar with its top corners rounded by `radius` (smaller for a small bar). */
export function roundedTopBar(
  { x, y, width, height }: Pick<BarRect, "x" | "y" | "width" | "height">,
  radius: number,
): string {
  const r = Math.max(0, Math.min(radius, width / 2, height));
  const right = x + width;
  const bottom = y + height;
  return (
    `M${fixed(x)},${fixed(bottom)}V${fixed(y + r)}` +
    `A${fixed(r)},${fixed(r)} 0 0 1 ${fixed(x + r)},${fixed(y)}H${fixed(right - r)}` +
    `A${fixed(r)},${fixed(r)} 0 0 1 ${fixed(right)},${fixed(y + r)}V${fixed(bottom)}Z`
  );
}

function fixed(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The width of a label in the axis's font, estimated from its length (12 px: about 7 px a character). */
export function estimateLabelWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.6;
}

/** A category label the axis shows: its index and where its text is centred. */
export interface VisibleLabel {
  index: number;
  x: number;
}

/**
 * The category labels that fit without overlapping: from the last one backwards (the latest bucket
 * always has its label), each kept when `minGap` pixels separate it from the next one kept and it
 * does not leave the chart on the left. A label at an edge is moved inside the chart (`0` to
 * `chartWidth`). One pass over the labels.
 */
export function visibleLabels(
  centers: readonly number[],
  widths: readonly number[],
  chartWidth: number,
  minGap: number,
): VisibleLabel[] {
  const kept: VisibleLabel[] = [];
  let limit = chartWidth;
  for (let index = centers.length - 1; index >= 0; index -= 1) {
    const width = widths[index] ?? 0;
    const center = centers[index] ?? 0;
    // The last label is moved left to fit at the chart's edge; the others must fit where they are.
    const x = kept.length === 0 ? Math.min(center, chartWidth - width / 2) : center;
    if (x + width / 2 > limit || x - width / 2 < 0) continue;
    kept.push({ index, x });
    limit = x - width / 2 - minGap;
  }
  return kept.reverse();
}
