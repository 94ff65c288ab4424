import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from "react";
import {
  estimateLabelWidth,
  layoutBars,
  niceTicks,
  plotArea,
  roundedTopBar,
  VALUE_LABEL_GAP,
  visibleLabels,
} from "./bar-chart-layout";

/** One bar: a unique key, its category's label (axis and tooltip) and its value (a count). */
export interface BarChartBar {
  key: string;
  label: string;
  value: number;
}

export interface BarChartProps {
  bars: readonly BarChartBar[];
  /** What the values count, in the tooltip beside the value. */
  seriesName: string;
  /** The bars' fill, a Tailwind class (`fill-brand-500`). */
  barClassName: string;
  /** The text of a value, on the axis and in the tooltip. */
  formatValue?: (value: number) => string;
  /** The chart's height in pixels; its width is its container's. */
  height?: number;
}

/** The axis labels' size, in pixels (their colour is the theme's muted ink). */
const FONT_SIZE = 12;
/** The least space between two category labels: a label that would come closer is not shown. */
const MIN_LABEL_GAP = 16;
const MAX_BAR_WIDTH = 32;
const BAR_RADIUS = 4;
/** The space between a bar's centre and its tooltip. */
const TOOLTIP_OFFSET = 12;
/**
 * The width drawn until the container is measured (before the first paint in a browser): about a
 * chart's width on the usage page, so that a test's render and a server's draw look like one.
 */
const FIRST_WIDTH = 480;

/** The width of `ref`'s element, measured before the first paint and followed as it changes. */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FIRST_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = element.clientWidth;
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A bar chart of counts, drawn as SVG: a value axis of whole-number ticks with dashed grid lines,
 * the categories' labels below (those that would overlap left out), bars with rounded tops, and a
 * tooltip with the category, the series' name and the value when a pointer rests on a bar (a mouse
 * hovering, or a finger touching; it stays until a touch elsewhere). Decorative for screen readers:
 * the page gives the same numbers otherwise (a table). Its work is linear in the number of bars.
 */
export function BarChart({
  bars,
  seriesName,
  barClassName,
  formatValue = String,
  height = 224,
}: BarChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const [active, setActive] = useState<number | null>(null);

  const layout = useMemo(() => {
    let max = 0;
    for (const bar of bars) if (bar.value > max) max = bar.value;
    const ticks = niceTicks(max).map((value) => ({ value, text: formatValue(value) }));
    const valueLabelWidth = Math.max(
      ...ticks.map((tick) => estimateLabelWidth(tick.text, FONT_SIZE)),
    );
    const plot = plotArea(width, height, valueLabelWidth);
    const top = ticks.at(-1)?.value ?? 0;
    const rects = layoutBars(
      bars.map((bar) => bar.value),
      plot,
      top,
      MAX_BAR_WIDTH,
    );
    const labels = visibleLabels(
      rects.map((rect) => rect.center),
      bars.map((bar) => estimateLabelWidth(bar.label, FONT_SIZE)),
      width,
      MIN_LABEL_GAP,
    );
    const tickY = (value: number) =>
      top > 0 ? plot.top + plot.height - (value / top) * plot.height : plot.top + plot.height;
    return {
      plot,
      rects,
      labels,
      ticks: ticks.map((tick) => ({ ...tick, y: tickY(tick.value) })),
    };
  }, [bars, formatValue, width, height]);

  // A touch keeps its tooltip until the next touch or click elsewhere on the page.
  useEffect(() => {
    if (active === null) return;
    const hide = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setActive(null);
    };
    document.addEventListener("pointerdown", hide);
    return () => document.removeEventListener("pointerdown", hide);
  }, [active]);

  const show = (index: number) => (event: ReactPointerEvent<SVGRectElement>) => {
    // A touch captures the pointer on the rectangle it started on: released, a finger moving
    // along the chart enters the next bars' rectangles.
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setActive(index);
  };

  const { plot, rects, labels, ticks } = layout;
  const activeRect = active === null ? undefined : rects[active];
  const activeBar = active === null ? undefined : bars[active];

  // The tooltip beside its bar, on the right where it fits, else on the left, and always inside
  // the chart: measured before it is painted.
  const tooltipCenter = activeRect?.center;
  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    if (!tooltip || tooltipCenter === undefined) return;
    const tooltipWidth = tooltip.offsetWidth;
    const beside =
      tooltipCenter + TOOLTIP_OFFSET + tooltipWidth <= width
        ? tooltipCenter + TOOLTIP_OFFSET
        : tooltipCenter - TOOLTIP_OFFSET - tooltipWidth;
    tooltip.style.left = `${String(Math.max(0, Math.min(beside, width - tooltipWidth)))}px`;
  }, [tooltipCenter, width]);
  const labelY = plot.top + plot.height + VALUE_LABEL_GAP;

  return (
    <div ref={containerRef} aria-hidden="true" className="relative w-full" style={{ height }}>
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        focusable="false"
        className="block touch-pan-y select-none"
        onPointerLeave={(event) => {
          if (event.pointerType !== "touch") setActive(null);
        }}
      >
        {ticks.map((tick) => (
          <line
            key={tick.value}
            x1={plot.left}
            x2={plot.left + plot.width}
            y1={tick.y}
            y2={tick.y}
            className="stroke-border"
            strokeDasharray="3 3"
          />
        ))}
        {activeRect ? (
          <rect
            x={activeRect.bandX}
            y={plot.top}
            width={activeRect.bandWidth}
            height={plot.height}
            className="fill-surface-muted"
          />
        ) : null}
        {rects.map((rect, index) =>
          rect.height > 0 ? (
            <path
              key={bars[index]?.key ?? index}
              d={roundedTopBar(rect, BAR_RADIUS)}
              className={barClassName}
              data-bar=""
            />
          ) : null,
        )}
        <g className="fill-ink-muted" fontSize={FONT_SIZE}>
          {ticks.map((tick) => (
            <text
              key={tick.value}
              x={plot.left - VALUE_LABEL_GAP}
              y={tick.y}
              dy="0.355em"
              textAnchor="end"
            >
              {tick.text}
            </text>
          ))}
          {labels.map((label) => (
            <text
              key={bars[label.index]?.key ?? label.index}
              x={label.x}
              y={labelY}
              dy="0.71em"
              textAnchor="middle"
            >
              {bars[label.index]?.label}
            </text>
          ))}
        </g>
        {rects.map((rect, index) => (
          <rect
            key={bars[index]?.key ?? index}
            x={rect.bandX}
            y={plot.top}
            width={rect.bandWidth}
            height={plot.height}
            fill="transparent"
            data-band=""
            onPointerEnter={show(index)}
            onPointerDown={show(index)}
          />
        ))}
      </svg>
      {activeRect && activeBar ? (
        <div
          ref={tooltipRef}
          data-chart-tooltip=""
          className="pointer-events-none absolute top-2 left-0 z-10 flex max-w-full flex-col gap-0.5 overflow-hidden rounded-control border border-border bg-surface px-2.5 py-1.5 text-xs whitespace-nowrap shadow-card"
        >
          <span className="font-medium text-ink">{activeBar.label}</span>
          <span className="flex items-center gap-1.5 text-ink-muted">
            <svg width="8" height="8" focusable="false">
              <rect width="8" height="8" rx="2" className={barClassName} />
            </svg>
            {seriesName}
            <span className="ml-2 font-semibold text-ink tabular-nums">
              {formatValue(activeBar.value)}
            </span>
          </span>
        </div>
      ) : null}
    </div>
  );
}
