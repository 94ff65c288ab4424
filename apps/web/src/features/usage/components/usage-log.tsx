import {
  USAGE_EVENT_TYPES,
  USAGE_EXPORT_MAX_ROWS,
  type UsageEvent,
  type UsageEventType,
} from "@paraphe/api-sdk/contract";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  DataTable,
  Input,
  Select,
  downloadFile,
  toCsv,
  toJson,
  type DataTableExportFile,
} from "@paraphe/ui-kit";
import { useId, useMemo, useState } from "react";
import { useApi } from "../../../lib/api/api-context";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { formatDay } from "../../../lib/format";
import { filterRequest, useUsageLog, type UsageFilter } from "../api/usage-queries";
import { useUsageLogColumns } from "./usage-log-columns";

/** A date input's value (YYYY-MM-DD) as the instant starting that day in UTC, a day later for an end. */
function dayStart(value: string, plusDays = 0): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime())) return null;
  return new Date(day.getTime() + plusDays * 86_400_000).toISOString();
}

/** The usage log: its filters (type, date range), its table, and the export of the filtered range. */
export function UsageLog() {
  const { t } = useTranslation("web");
  const api = useApi();
  const errorText = useErrorText();
  const labels = useDataTableLabels();
  const { language } = useLanguage();
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
  const rangeErrorId = useId();

  const from = fromDay ? dayStart(fromDay) : null;
  const to = toDay ? dayStart(toDay, 1) : null;
  const rangeInvalid = from !== null && to !== null && from >= to;
  const filter: UsageFilter = { type: type === "" ? null : type, from, to };
  const filtered = filter.type !== null || from !== null || to !== null;
  const log = useUsageLog(filter, !rangeInvalid);
  const events = useMemo(() => log.data?.pages.flatMap((page) => page.events) ?? [], [log.data]);

  const { columns, exportColumns, typeLabel } = useUsageLogColumns(language);

  async function exportAll(file: DataTableExportFile) {
    setExportState({ kind: "exporting" });
    try {
      const answer = await api.usage.export(filterRequest(filter));
      downloadFile({
        ...file,
        content:
          file.format === "csv"
            ? // People read the CSV: the event's name in their language; JSON keeps the code.
              await toCsv(
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
        <DayFilter
          label={t("teamUsage.log.from")}
          value={fromDay}
          onChange={setFromDay}
          max={toDay || today}
          language={language}
          invalid={rangeInvalid}
          errorId={rangeErrorId}
        />
        <DayFilter
          label={t("teamUsage.log.to")}
          value={toDay}
          onChange={setToDay}
          min={fromDay || undefined}
          language={language}
          invalid={rangeInvalid}
          errorId={rangeErrorId}
        />
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

/**
 * A date filter of the log: a native date input, with the chosen day written in the page's
 * language under it (the input shows the browser's format), and the range's error when the range
 * is invalid.
 */
function DayFilter({
  label,
  value,
  onChange,
  min,
  max,
  language,
  invalid,
  errorId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  language: string;
  invalid: boolean;
  errorId: string;
}) {
  const inputId = useId();
  const dayId = useId();
  const describedBy =
    [value ? dayId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <Input
        id={inputId}
        type="date"
        lang={language}
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {value ? (
        <span id={dayId} className="text-xs text-ink-muted">
          {formatDay(value, language)}
        </span>
      ) : null}
    </div>
  );
}
