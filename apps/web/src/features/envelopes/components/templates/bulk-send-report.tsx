import { type BulkSendRowResult } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, DataTable, Skeleton, type DataTableColumn } from "@paraphe/ui-kit";
import { Link } from "react-router";
import { useDataTableLabels } from "../../../../lib/data-table-labels";
import { useBulkSendStatus } from "../../api/template-queries";
import { useRowProblemText } from "./bulk-send-rows";
import { QueryLoadError } from "../../../../lib/load-failure";

/** A bulk send's progress (asked again while it runs) and its per-row report. */
export function BulkSendReport({ bulkSendUuid }: { bulkSendUuid: string }) {
  const { t } = useTranslation(["web", "common"]);
  const tableLabels = useDataTableLabels();
  const rowProblemText = useRowProblemText();
  const status = useBulkSendStatus(bulkSendUuid);
  if (status.isPending) return <Skeleton className="h-24 w-full" />;
  if (status.isError) {
    return <QueryLoadError query={status} message={t("web:templates.bulk.reportLoadError")} />;
  }
  const { bulkSend } = status.data;
  // The rows that were not sent come first: they are what the sender has to act on.
  const order = { error: 0, pending: 1, ok: 2 } as const;
  const rows = [...status.data.rows].sort(
    (left, right) => order[left.status] - order[right.status] || left.row - right.row,
  );
  const processed = bulkSend.sent + bulkSend.failed;
  const percent = bulkSend.total === 0 ? 100 : Math.round((processed / bulkSend.total) * 100);
  const reportColumns: DataTableColumn<BulkSendRowResult>[] = [
    { id: "row", header: t("web:templates.bulk.columns.row"), value: (row) => row.row },
    {
      id: "status",
      header: t("web:templates.bulk.columns.status"),
      value: (row) => t(`web:templates.bulk.status.${row.status}`),
      cell: (row) => (
        <Badge
          variant={row.status === "ok" ? "success" : row.status === "error" ? "danger" : "neutral"}
        >
          {t(`web:templates.bulk.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      id: "result",
      header: t("web:templates.bulk.columns.result"),
      value: (row) =>
        row.reason
          ? rowProblemText({ reason: row.reason, column: row.column, value: row.value })
          : (row.envelopeUuid ?? ""),
      cell: (row) =>
        row.envelopeUuid ? (
          <Link
            to={`/envelopes/${bulkSend.workspaceUuid}/${row.envelopeUuid}/view`}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {t("web:templates.bulk.openEnvelope")}
          </Link>
        ) : row.reason ? (
          <span className="text-danger">
            {rowProblemText({ reason: row.reason, column: row.column, value: row.value })}
          </span>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="bulk-report" className="flex flex-col gap-3">
      <h2 id="bulk-report" className="text-base font-semibold text-ink">
        {t("web:templates.bulk.report")}
      </h2>
      <div
        role="progressbar"
        aria-label={t("web:templates.bulk.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" className="text-sm text-ink">
        {bulkSend.status === "done"
          ? t("web:templates.bulk.done", { sent: bulkSend.sent, failed: bulkSend.failed })
          : t("web:templates.bulk.running", { done: processed, total: bulkSend.total })}
      </p>
      <p className="text-sm text-ink-muted">
        {t("web:templates.bulk.counts", {
          sent: bulkSend.sent,
          failed: bulkSend.failed,
          pending: bulkSend.total - processed,
        })}
      </p>
      <DataTable
        data={rows}
        columns={reportColumns}
        getRowId={(row) => String(row.row)}
        caption={t("web:templates.bulk.report")}
        labels={tableLabels}
        exportFileName="bulk-send-report"
      />
    </section>
  );
}
