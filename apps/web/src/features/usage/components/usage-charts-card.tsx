import {
  nextUsageBucket,
  usageBucketStart,
  type UsageBucket,
  type UsageSeriesPoint,
} from "@paraphe/api-sdk/contract";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { EmptyState, Skeleton } from "@paraphe/ui-kit";
import { BarChart3 } from "lucide-react";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { LoadFailure } from "../../../lib/load-failure";
import { useUsageSeries } from "../api/usage-queries";

// Only this page draws charts: their code comes once it has numbers to draw.
const UsageCharts = lazy(() => import("./usage-charts"));

/** How many buckets each view shows, ending with the current one. */
const BUCKETS_SHOWN: Record<UsageBucket, number> = { day: 30, week: 12, month: 12 };

/** The range of a view: the `BUCKETS_SHOWN` buckets up to and including the current one (UTC). */
function seriesRange(bucket: UsageBucket, now: Date): { from: string; to: string } {
  const to = nextUsageBucket(bucket, usageBucketStart(bucket, now));
  let from = usageBucketStart(bucket, now);
  for (let index = 1; index < BUCKETS_SHOWN[bucket]; index += 1) {
    from = usageBucketStart(bucket, new Date(from.getTime() - 1));
  }
  return { from: from.toISOString(), to: to.toISOString() };
}

function ChartsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

/** The charts of the usage page: envelopes sent and API credits per day, week or month. */
export function UsageChartsCard() {
  const { t } = useTranslation("web");
  const { language } = useLanguage();
  const [bucket, setBucket] = useState<UsageBucket>("day");
  const [now] = useState(() => new Date());
  const range = useMemo(() => seriesRange(bucket, now), [bucket, now]);
  const series = useUsageSeries(bucket, range.from, range.to);
  const groupLabelId = useId();
  const formatBucket = useMemo(() => {
    const format = new Intl.DateTimeFormat(
      language,
      bucket === "month"
        ? { month: "short", year: "numeric", timeZone: "UTC" }
        : { day: "numeric", month: "short", timeZone: "UTC" },
    );
    return (start: string) => format.format(new Date(start));
  }, [bucket, language]);
  const formatCount = useMemo(() => {
    const format = new Intl.NumberFormat(language);
    return (count: number) => format.format(count);
  }, [language]);
  const titles = {
    envelopesSent: t("teamUsage.charts.envelopesSent"),
    apiCredits: t("teamUsage.charts.apiCredits"),
  };

  return (
    <section
      aria-labelledby="usage-charts-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id="usage-charts-title" className="text-base font-semibold text-ink">
            {t("teamUsage.charts.title")}
          </h3>
          <p className="text-sm text-ink-muted">{t(`teamUsage.charts.range.${bucket}`)}</p>
        </div>
        <div
          role="group"
          aria-labelledby={groupLabelId}
          className="inline-flex rounded-control border border-border bg-surface-muted p-0.5"
        >
          <span id={groupLabelId} className="sr-only">
            {t("teamUsage.charts.bucketLabel")}
          </span>
          {(["day", "week", "month"] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={bucket === choice}
              onClick={() => setBucket(choice)}
              className={
                bucket === choice
                  ? "rounded-control bg-surface px-3 py-1.5 text-sm font-medium text-ink shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
                  : "rounded-control px-3 py-1.5 text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              }
            >
              {t(`teamUsage.charts.bucket.${choice}`)}
            </button>
          ))}
        </div>
      </div>
      {series.isPending ? (
        <ChartsSkeleton label={t("teamUsage.charts.loading")} />
      ) : series.isError ? (
        <LoadFailure
          retryLabel={t("teamUsage.retry")}
          className="py-6"
          message={t("teamUsage.charts.loadError")}
          error={series.error}
          retry={() => void series.refetch()}
        />
      ) : series.data.every((point) => point.envelopesSent === 0 && point.apiCredits === 0) ? (
        <EmptyState
          icon={<BarChart3 />}
          title={t("teamUsage.charts.empty")}
          description={t("teamUsage.whatCreatesUsage")}
        />
      ) : (
        <>
          <Suspense fallback={<ChartsSkeleton label={t("teamUsage.charts.loading")} />}>
            <UsageCharts
              points={series.data}
              formatBucket={formatBucket}
              formatCount={formatCount}
              titles={titles}
            />
          </Suspense>
          <SeriesTable points={series.data} bucket={bucket} language={language} />
        </>
      )}
    </section>
  );
}

/** The numbers of the charts, for screen readers. */
function SeriesTable({
  points,
  bucket,
  language,
}: {
  points: readonly UsageSeriesPoint[];
  bucket: UsageBucket;
  language: string;
}) {
  const { t } = useTranslation("web");
  const format = new Intl.DateTimeFormat(
    language,
    bucket === "month"
      ? { month: "long", year: "numeric", timeZone: "UTC" }
      : { dateStyle: "long", timeZone: "UTC" },
  );
  return (
    // The wrapper hides it: a table ignores the 1 px width of sr-only and would widen the page.
    <div className="sr-only">
      <table>
        <caption>{t(`teamUsage.charts.tableCaption.${bucket}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`teamUsage.charts.bucketStart.${bucket}`)}</th>
            <th scope="col">{t("teamUsage.charts.envelopesSent")}</th>
            <th scope="col">{t("teamUsage.charts.apiCredits")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.start}>
              <th scope="row">{format.format(new Date(point.start))}</th>
              <td>{point.envelopesSent}</td>
              <td>{point.apiCredits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
