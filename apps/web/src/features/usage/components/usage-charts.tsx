import { type UsageSeriesPoint } from "@paraphe/api-sdk/contract";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Axis labels: small, in the muted ink of the theme. */
const TICK = { fontSize: 12, className: "fill-ink-muted" };

export interface UsageChartsProps {
  points: readonly UsageSeriesPoint[];
  /** The text of a bucket's start on the axis and in the tooltip. */
  formatBucket: (start: string) => string;
  titles: { envelopesSent: string; apiCredits: string };
}

/**
 * The two bar charts of the usage page (recharts), loaded on that page only. Decorative for screen
 * readers: the page gives the same numbers as a table.
 */
export default function UsageCharts({ points, formatBucket, titles }: UsageChartsProps) {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <Chart
        points={points}
        dataKey="envelopesSent"
        title={titles.envelopesSent}
        formatBucket={formatBucket}
        barClassName="fill-brand-500"
      />
      <Chart
        points={points}
        dataKey="apiCredits"
        title={titles.apiCredits}
        formatBucket={formatBucket}
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
  barClassName,
}: {
  points: readonly UsageSeriesPoint[];
  dataKey: "envelopesSent" | "apiCredits";
  title: string;
  formatBucket: (start: string) => string;
  barClassName: string;
}) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      {/* The hidden tooltip sits outside the plot until shown: it must not widen the page. */}
      <div className="h-56 w-full overflow-hidden">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={[...points]}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} className="stroke-border" strokeDasharray="3 3" />
            <XAxis
              dataKey="start"
              tickFormatter={formatBucket}
              tickLine={false}
              axisLine={false}
              minTickGap={16}
              tick={TICK}
            />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={TICK} width={48} />
            <Tooltip
              cursor={{ className: "fill-surface-muted" }}
              labelFormatter={(label) => formatBucket(String(label))}
              formatter={(value) => [String(value), title]}
            />
            <Bar dataKey={dataKey} className={barClassName} radius={[4, 4, 0, 0]} maxBarSize={32} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
