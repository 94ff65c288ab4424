import { type UsageSeriesPoint } from "@paraphe/api-sdk/contract";
import { useMemo } from "react";
import { BarChart } from "../../../components/bar-chart";

export interface UsageChartsProps {
  points: readonly UsageSeriesPoint[];
  /** The text of a bucket's start on the axis and in the tooltip. */
  formatBucket: (start: string) => string;
  /** The text of a count, on the axis and in the tooltip. */
  formatCount: (count: number) => string;
  titles: { envelopesSent: string; apiCredits: string };
}

/**
 * The two bar charts of the usage page, loaded on that page only. Decorative for screen readers:
 * the page gives the same numbers as a table.
 */
export default function UsageCharts({
  points,
  formatBucket,
  formatCount,
  titles,
}: UsageChartsProps) {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <Chart
        points={points}
        dataKey="envelopesSent"
        title={titles.envelopesSent}
        formatBucket={formatBucket}
        formatCount={formatCount}
        barClassName="fill-brand-500"
      />
      <Chart
        points={points}
        dataKey="apiCredits"
        title={titles.apiCredits}
        formatBucket={formatBucket}
        formatCount={formatCount}
        barClassName="fill-accent-500"
      />
    </div>
  );
}

function Chart({
  points,
  dataKey,
  title,
  formatBucket,
  formatCount,
  barClassName,
}: {
  points: readonly UsageSeriesPoint[];
  dataKey: "envelopesSent" | "apiCredits";
  title: string;
  formatBucket: (start: string) => string;
  formatCount: (count: number) => string;
  barClassName: string;
}) {
  const bars = useMemo(
    () =>
      points.map((point) => ({
        key: point.start,
        label: formatBucket(point.start),
        value: point[dataKey],
      })),
    [points, dataKey, formatBucket],
  );
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      {/* The tooltip stays inside the chart: it must not widen the page. */}
      <div className="h-56 w-full overflow-hidden">
        <BarChart
          bars={bars}
          seriesName={title}
          barClassName={barClassName}
          formatValue={formatCount}
        />
      </div>
    </figure>
  );
}
