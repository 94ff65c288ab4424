import {
  USAGE_EVENT_TYPES,
  USAGE_EXPORT_MAX_ROWS,
  nextUsageBucket,
  usageBucketStart,
  type UsageBucket,
  type UsageEvent,
  type UsageEventType,
  type UsageSeriesPoint,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Input,
  Select,
  Skeleton,
  downloadFile,
  toCsv,
  toJson,
  type DataTableColumn,
  type DataTableExportFile,
} from "@paraphe/ui-kit";
import { BarChart3 } from "lucide-react";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useApi } from "../../../lib/api/api-context";
import { useErrorText } from "../../../lib/api/error-text";
import { LoadFailure } from "../../../lib/load-failure";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { formatDay } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { filterRequest, useUsageLog, useUsageSeries, type UsageFilter } from "../api/usage-queries";

// recharts weighs ~100 KB gzipped: only this page loads it, once it has numbers to draw.
const UsageCharts = lazy(() => import("./usage-charts"));

/** How many buckets each view shows, ending with the current one. */
const BUCKETS_SHOWN: Record<UsageBucket, number> = { day: 30, week: 12, month: 12 };

function useLanguage(): "en" | "fr" {
  const { i18n } = useTranslation("web");
  return (i18n.resolvedLanguage ?? i18n.language).startsWith("fr") ? "fr" : "en";
}

/** The range of a view: the `BUCKETS_SHOWN` buckets up to and including the current one (UTC). */
function seriesRange(bucket: UsageBucket, now: Date): { from: string; to: string } {
  const to = nextUsageBucket(bucket, usageBucketStart(bucket, now));
  let from = usageBucketStart(bucket, now);
  for (let index = 1; index < BUCKETS_SHOWN[bucket]; index += 1) {
    from = usageBucketStart(bucket, new Date(from.getTime() - 1));
  }
  return { from: from.toISOString(), to: to.toISOString() };
}

/**
 * /settings/usage (spec §2, §3 Usage log, §8, §9): envelopes sent and API credits consumed per
 * day, week or month as charts (with the same numbers as a table for screen readers), and the
 * usage log (date and time, type, details, user) with a type filter, a date range, page size and
 * CSV or JSON export of the whole filtered range through `/usage/export`.
 */
export function UsagePage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("teamUsage.title") });
  return (
    <section aria-labelledby="usage-title" className="flex flex-col gap-6">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="usage-title" className="text-lg font-semibold text-ink">
          {t("teamUsage.title")}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{t("teamUsage.description")}</p>
      </div>
      <UsageChartsCard />
      <UsageLog />
    </section>
  );
}

function ChartsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

function UsageChartsCard() {
  const { t } = useTranslation("web");
  const language = useLanguage();
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
            <UsageCharts points={series.data} formatBucket={formatBucket} titles={titles} />
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

/** The text of an event's details, by type; unknown keys as "key: value". */
function useDetailsText() {
  const { t } = useTranslation("web");
  return (event: UsageEvent): string => {
    const { details } = event;
    const text = (key: string) => {
      const value = details[key];
      return value === undefined || value === null ? "" : String(value);
    };
    if (event.type === "envelope_sent" && details.envelopeId !== undefined) {
      return t("teamUsage.details.envelopeSent", { envelope: text("envelopeId") });
    }
    if (event.type === "api_credit" && details.path !== undefined) {
      return t("teamUsage.details.apiCredit", { path: text("path") });
    }
    if (event.type === "plan_changed" && details.plan !== undefined) {
      return details.previousPlan
        ? t("teamUsage.details.planChangedFrom", {
            plan: text("plan"),
            previous: text("previousPlan"),
          })
        : t("teamUsage.details.planChanged", { plan: text("plan") });
    }
    return Object.keys(details)
      .map((key) => `${key}: ${text(key)}`)
      .join(", ");
  };
}

/** A date input's value (YYYY-MM-DD) as the instant starting that day in UTC, a day later for an end. */
function dayStart(value: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) return null;
  return new Date(day.getTime() + plusDays * 86_400_000).toISOString();
}

function UsageLog() {
  const { t } = useTranslation("web");
  const api = useApi();
  const errorText = useErrorText();
  const labels = useDataTableLabels();
  const language = useLanguage();
  const detailsText = useDetailsText();
  const [type, setType] = useState<UsageEventType | "">("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");
  const [exportState, setExportState] = useState<
    | { kind: "idle" }
    | { kind: "exporting" }
    | { kind: "truncated" }
    | { kind: "error"; error: unknown }
  >({ kind: "idle" });
  const typeId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeErrorId = useId();
  const fromDayId = useId();
  const toDayId = useId();
  // The chosen days in the page's language (a native date input shows the browser's format).
  const describedBy = (dayId: string, day: string) =>
    [day ? dayId : null, rangeInvalid ? rangeErrorId : null].filter(Boolean).join(" ") || undefined;

  const from = fromDay ? dayStart(fromDay) : null;
  const to = toDay ? dayStart(toDay, 1) : null;
  const rangeInvalid = from !== null && to !== null && from >= to;
  const filter: UsageFilter = { type: type === "" ? null : type, from, to };
  const filtered = filter.type !== null || from !== null || to !== null;
  const log = useUsageLog(filter, !rangeInvalid);
  const events = useMemo(() => log.data?.pages.flatMap((page) => page.events) ?? [], [log.data]);

  const dateTime = useMemo(
    () =>
      new Intl.DateTimeFormat(language, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        timeZone: "UTC",
        timeZoneName: "short",
      }),
    [language],
  );
  const typeLabel = (value: UsageEventType) => t(`teamUsage.types.${value}`);

  const columns = useMemo<DataTableColumn<UsageEvent>[]>(
    () => [
      {
        id: "at",
        header: t("teamUsage.log.columns.at"),
        value: (event) => event.at,
        cell: (event) => (
          <time dateTime={event.at} className="whitespace-nowrap">
            {dateTime.format(new Date(event.at))}
          </time>
        ),
        hideable: false,
      },
      {
        id: "type",
        header: t("teamUsage.log.columns.type"),
        value: (event) => event.type,
        cell: (event) => (
          <Badge variant={event.type === "envelope_sent" ? "success" : "neutral"}>
            {typeLabel(event.type)}
          </Badge>
        ),
      },
      {
        id: "details",
        header: t("teamUsage.log.columns.details"),
        value: (event) => detailsText(event),
        cell: (event) => {
          // Long identifiers are shortened on screen; the export and the tooltip hold them whole.
          const text = detailsText(event);
          return (
            <span title={text} className="break-words">
              {text.replace(
                /\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
                "$1…",
              )}
            </span>
          );
        },
        sortable: false,
      },
      {
        id: "user",
        header: t("teamUsage.log.columns.user"),
        value: (event) => event.user?.name ?? null,
        cell: (event) =>
          event.user ? (
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-ink">{event.user.name}</span>
              <span className="truncate text-xs text-ink-muted">{event.user.email}</span>
            </span>
          ) : (
            <span className="text-ink-muted">{t("teamUsage.log.noUser")}</span>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with `t` only
    [t, dateTime],
  );

  /** The columns of the files: the instant, the type code, the details, and who (id, name, email). */
  const exportColumns = useMemo(
    () => [
      { id: "at", header: t("teamUsage.log.columns.at"), value: (event: UsageEvent) => event.at },
      {
        id: "type",
        header: t("teamUsage.log.columns.type"),
        value: (event: UsageEvent) => event.type,
      },
      {
        id: "details",
        header: t("teamUsage.log.columns.details"),
        value: (event: UsageEvent) => detailsText(event),
      },
      {
        id: "userId",
        header: t("teamUsage.log.columns.userId"),
        value: (e: UsageEvent) => e.user?.id ?? null,
      },
      {
        id: "userName",
        header: t("teamUsage.log.columns.userName"),
        value: (e: UsageEvent) => e.user?.name ?? null,
      },
      {
        id: "userEmail",
        header: t("teamUsage.log.columns.userEmail"),
        value: (e: UsageEvent) => e.user?.email ?? null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with `t` only
    [t],
  );

  async function exportAll(file: DataTableExportFile) {
    setExportState({ kind: "exporting" });
    try {
      const answer = await api.usage.export(filterRequest(filter));
      downloadFile({
        ...file,
        content:
          file.format === "csv"
            ? // People read the CSV: the event's name in their language; JSON keeps the code.
              toCsv(
                exportColumns.map((column) =>
                  column.id === "type"
                    ? { ...column, value: (event: UsageEvent) => typeLabel(event.type) }
                    : column,
                ),
                answer.events,
              )
            : toJson(exportColumns, answer.events),
      });
      setExportState(answer.truncated ? { kind: "truncated" } : { kind: "idle" });
    } catch (error) {
      setExportState({ kind: "error", error });
    }
  }

  const today = new Date().toISOString().slice(0, 10);

  return (
    <section aria-labelledby="usage-log-title" className="flex flex-col gap-4">
      <h3 id="usage-log-title" className="text-base font-semibold text-ink">
        {t("teamUsage.log.title")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-40 flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-medium text-ink">
            {t("teamUsage.log.typeFilter")}
          </label>
          <Select
            id={typeId}
            value={type}
            onValueChange={(value) => setType(value as UsageEventType | "")}
            options={[
              { value: "", label: t("teamUsage.log.allTypes") },
              ...USAGE_EVENT_TYPES.map((value) => ({ value, label: typeLabel(value) })),
            ]}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="text-sm font-medium text-ink">
            {t("teamUsage.log.from")}
          </label>
          <Input
            id={fromId}
            type="date"
            lang={language}
            value={fromDay}
            max={toDay || today}
            onChange={(event) => setFromDay(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={describedBy(fromDayId, fromDay)}
          />
          {fromDay ? (
            <span id={fromDayId} className="text-xs text-ink-muted">
              {formatDay(fromDay, language)}
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="text-sm font-medium text-ink">
            {t("teamUsage.log.to")}
          </label>
          <Input
            id={toId}
            type="date"
            lang={language}
            value={toDay}
            min={fromDay || undefined}
            onChange={(event) => setToDay(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={describedBy(toDayId, toDay)}
          />
          {toDay ? (
            <span id={toDayId} className="text-xs text-ink-muted">
              {formatDay(toDay, language)}
            </span>
          ) : null}
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setType("");
              setFromDay("");
              setToDay("");
            }}
          >
            {t("teamUsage.log.clearFilters")}
          </Button>
        ) : null}
      </div>
      {rangeInvalid ? (
        <p id={rangeErrorId} role="alert" className="text-sm text-danger">
          {t("teamUsage.log.rangeInvalid")}
        </p>
      ) : null}
      <div aria-live="polite" className="text-sm empty:hidden">
        {exportState.kind === "exporting" ? (
          <p className="text-ink-muted">{t("teamUsage.export.exporting")}</p>
        ) : exportState.kind === "truncated" ? (
          <p className="text-warning">
            {t("teamUsage.export.truncated", {
              max: USAGE_EXPORT_MAX_ROWS.toLocaleString(language),
            })}
          </p>
        ) : exportState.kind === "error" ? (
          <p role="alert" className="text-danger">
            {t("teamUsage.export.error")} {errorText.apiError(exportState.error)}
          </p>
        ) : null}
      </div>
      <DataTable
        data={rangeInvalid ? [] : events}
        columns={columns}
        getRowId={(event) => event.id}
        caption={t("teamUsage.log.caption")}
        labels={{
          ...labels,
          empty: filtered ? t("teamUsage.log.noMatch") : t("teamUsage.log.empty"),
        }}
        loading={!rangeInvalid && log.isPending}
        error={log.isError ? t("teamUsage.log.loadError") : undefined}
        onRetry={() => void log.refetch()}
        emptyDescription={
          filtered ? t("teamUsage.log.noMatchHint") : t("teamUsage.whatCreatesUsage")
        }
        pageSizes={[25, 50, 100]}
        exportFileName={`usage-${today}`}
        onExport={(file) => void exportAll(file)}
      />
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? t("teamUsage.log.loadingMore") : t("teamUsage.log.loadMore")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
