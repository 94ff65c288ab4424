import {
  emailSchema,
  MAX_BULK_SEND_ROWS,
  type BulkSendRow,
  type BulkSendRowError,
  type BulkSendRowResult,
  type TemplateDetail,
} from "@paraphe/api-sdk/contract";
import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  Card,
  DataTable,
  FormField,
  Input,
  Skeleton,
  toCsv,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { Download, Send } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { useErrorText } from "../../../../lib/api/error-text";
import { useCsvDetectedText, useCsvFileErrorText } from "../../../../lib/csv/csv-import";
import {
  parseCsv,
  readCsvFile,
  type CsvDelimiter,
  type CsvEncoding,
  type CsvFileError,
  type CsvRow,
} from "../../../../lib/csv/parse-csv";
import { useDataTableLabels } from "../../../../lib/data-table-labels";
import { saveBlob } from "../../../../lib/download";
import { formatDateTime } from "../../../../lib/format";
import { usePageMeta } from "../../../../lib/page-meta";
import { useBulkSend } from "../../api/template-mutations";
import { useBulkSendStatus, useTemplateBulkSends } from "../../api/template-queries";
import { WithTemplate } from "./template-loader";
import { templateHref } from "./template-status";

/** The largest CSV file read (500 rows of a few roles fit well under it). */
const MAX_CSV_BYTES = 1024 * 1024;
const PERSON_COLUMNS = ["email", "firstname", "lastname"] as const;

/** The CSV columns of a template: `<label> email|firstname|lastname` per role (lower case). */
export function bulkSendColumns(template: Pick<TemplateDetail, "roles">): string[] {
  return template.roles.flatMap((role) =>
    PERSON_COLUMNS.map((column) => `${role.label.toLowerCase()} ${column}`),
  );
}

/**
 * An example file: the header and one row per role's people, with the optional columns. Written by
 * the shared CSV writer: a title or a role label that a spreadsheet would run as a formula starts
 * with an apostrophe there.
 */
export function exampleCsv(template: Pick<TemplateDetail, "roles" | "title">): string {
  const header = [
    ...template.roles.flatMap((role) => PERSON_COLUMNS.map((column) => `${role.label} ${column}`)),
    "title",
    "message",
  ];
  const row = [
    ...template.roles.flatMap((role, index) => [
      `person${index + 1}@example.com`,
      "First",
      role.label,
    ]),
    template.title,
    "",
  ];
  const columns = header.map((name, index) => ({
    id: String(index),
    header: name,
    value: (cells: string[]) => cells[index],
  }));
  return toCsv(columns, [row]);
}

/** The row of the request for a row of the file (raw cells: the server checks them). */
function toRequestRow(
  template: Pick<TemplateDetail, "roles">,
  cells: Record<string, string>,
): BulkSendRow {
  return {
    recipients: template.roles.map((role) => {
      const key = role.label.toLowerCase();
      return {
        role: role.label,
        email: cells[`${key} email`] ?? "",
        firstname: cells[`${key} firstname`] ?? "",
        lastname: cells[`${key} lastname`] ?? "",
      };
    }),
    ...(cells.title ? { title: cells.title } : {}),
    ...(cells.message ? { message: cells.message } : {}),
  };
}

/** A problem of a row: the reason, and the column and value of the cell, as the report says it. */
export interface RowProblem {
  reason: "invalid_email" | "invalid_name" | "duplicate_email" | "encoding";
  column: string;
  value: string;
}

/** What the server will refuse in a row, said before sending (the row is still sent and reported). */
export function rowProblems(
  template: Pick<TemplateDetail, "roles">,
  cells: Record<string, string>,
): RowProblem[] {
  const problems: RowProblem[] = [];
  // A character the file's encoding could not give (shown as �) is never sent as it is.
  for (const [column, value] of Object.entries(cells)) {
    if (value.includes("\uFFFD")) problems.push({ reason: "encoding", column, value });
  }
  const seen = new Set<string>();
  for (const person of toRequestRow(template, cells).recipients) {
    const key = person.role.toLowerCase();
    const email = emailSchema.safeParse(person.email);
    if (!email.success) {
      problems.push({ reason: "invalid_email", column: `${key} email`, value: person.email });
    } else if (seen.has(email.data)) {
      problems.push({ reason: "duplicate_email", column: `${key} email`, value: person.email });
    } else seen.add(email.data);
    for (const field of ["firstname", "lastname"] as const) {
      if (person[field].trim() === "") {
        problems.push({ reason: "invalid_name", column: `${key} ${field}`, value: person[field] });
      }
    }
  }
  return problems;
}

/** /templates/{workspaceUuid}/{templateUuid}/bulk-send */
export function BulkSendPage({ templateUuid }: { templateUuid: string }) {
  return (
    <WithTemplate templateUuid={templateUuid}>
      {(template) => <BulkSend key={template.uuid} template={template} />}
    </WithTemplate>
  );
}

function BulkSend({ template }: { template: TemplateDetail }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const rowProblemText = useRowProblemText();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const fileErrorText = useCsvFileErrorText();
  const formatFileSize = useFormatFileSize();
  const tableLabels = useDataTableLabels();
  const send = useBulkSend();
  const previous = useTemplateBulkSends(template.uuid);
  const [rows, setRows] = useState<CsvRow<Record<string, string>>[] | null>(null);
  const [detected, setDetected] = useState<{
    encoding: CsvEncoding;
    delimiter: CsvDelimiter;
  } | null>(null);
  const detectedText = useCsvDetectedText();
  const [fileError, setFileError] = useState<CsvFileError | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  usePageMeta({
    title: t("web:templates.bulk.title", { title: template.title }),
    back: { label: t("web:templates.bulk.back"), onClick: () => void navigate("/templates") },
  });
  const columns = bulkSendColumns(template);

  if (template.status !== "active") {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-border p-4"
      >
        <p className="text-sm text-ink">{t("web:templates.bulk.notActive")}</p>
        <Button asChild variant="secondary" size="sm">
          <Link to={templateHref(template)}>{t("web:templates.use.openTemplate")}</Link>
        </Button>
      </div>
    );
  }

  const spec = {
    requiredColumns: columns,
    optionalColumns: ["title", "message"],
    // Raw cells: every row is sent, the server reports the ones it cannot send.
    schema: z.record(z.string(), z.string()),
    maxRows: MAX_BULK_SEND_ROWS,
    maxBytes: MAX_CSV_BYTES,
  };

  const choose = async (file: File | undefined) => {
    setRows(null);
    setDetected(null);
    setFileError(null);
    send.reset();
    if (file === undefined) return;
    const read = await readCsvFile(file, MAX_CSV_BYTES);
    const parsed = read.ok ? parseCsv(read.text, spec) : read;
    if (parsed.ok) {
      setRows(parsed.rows);
      if (read.ok) setDetected({ encoding: read.encoding, delimiter: parsed.delimiter });
    } else setFileError(parsed.error);
  };

  const downloadExample = () =>
    saveBlob(new Blob([exampleCsv(template)], { type: "text/csv" }), `${template.title}.csv`);

  // One numbering in the preview, the report and their exports: "row 3" is the 3rd data row of
  // the file (its header is not counted), as the server numbers the rows it was sent.
  const numbered = (rows ?? []).map((row, index) => ({
    number: index + 1,
    cells: row.cells,
    problems: rowProblems(template, row.cells),
  }));
  type Numbered = (typeof numbered)[number];

  const previewColumns: DataTableColumn<Numbered>[] = [
    {
      id: "row",
      header: t("web:templates.bulk.columns.row"),
      value: (row) => row.number,
      hideable: false,
    },
    ...template.roles.map((role): DataTableColumn<Numbered> => ({
      id: role.uuid,
      header: role.label,
      value: (row) => row.cells[`${role.label.toLowerCase()} email`] ?? "",
    })),
    {
      id: "check",
      header: t("web:templates.bulk.check"),
      value: (row) =>
        row.problems.length === 0
          ? t("web:templates.bulk.rowOk")
          : t("web:templates.bulk.rowWarning", {
              problems: row.problems.map(rowProblemText).join(" "),
            }),
      cell: (row) =>
        row.problems.length === 0 ? (
          <Badge variant="success">{t("web:templates.bulk.rowOk")}</Badge>
        ) : (
          <span className="text-sm text-danger">
            {t("web:templates.bulk.rowWarning", {
              problems: row.problems.map(rowProblemText).join(" "),
            })}
          </span>
        ),
    },
  ];

  const warningCount = numbered.filter((row) => row.problems.length > 0).length;
  // The button counts the envelopes that will be sent, not the rows that will be reported.
  const toSend = numbered.length - warningCount;

  const start = () => {
    if (rows === null) return;
    send.mutate(
      { templateUuid: template.uuid, rows: rows.map((row) => toRequestRow(template, row.cells)) },
      {
        onSuccess: (bulkSend) => {
          setRows(null);
          setShown(bulkSend.uuid);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Card className="flex flex-col gap-4 p-4">
        <p className="text-sm text-ink-muted">
          {t("web:templates.bulk.intro", { columns: columns.join(", ") })}
        </p>
        <div>
          <Button variant="secondary" onClick={downloadExample}>
            <Download aria-hidden="true" />
            {t("web:templates.bulk.example")}
          </Button>
        </div>
        <FormField
          label={t("web:templates.bulk.file")}
          description={t("web:templates.bulk.fileHint", {
            maxRows: MAX_BULK_SEND_ROWS,
            maxSize: formatFileSize(MAX_CSV_BYTES),
          })}
          error={fileError === null ? undefined : fileErrorText(fileError)}
        >
          <Input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
        </FormField>
        {rows === null ? null : (
          <>
            {detected === null ? null : (
              <p className="text-sm text-ink-muted">{detectedText(detected)}</p>
            )}
            <p role="status" className="text-sm text-ink-muted">
              {t("web:templates.bulk.summary", { count: rows.length })}{" "}
              {warningCount > 0 ? (
                <strong className="font-medium text-danger">
                  {t("web:templates.bulk.warnings", { count: warningCount })}
                </strong>
              ) : null}
            </p>
            <DataTable
              data={numbered}
              columns={previewColumns}
              getRowId={(row) => String(row.number)}
              caption={t("web:templates.bulk.preview")}
              labels={tableLabels}
            />
            {send.isError ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {t("web:templates.bulk.sendError")} {errorText.apiError(send.error)}
              </p>
            ) : null}
            <div className="flex justify-end">
              <PermittedButton
                permission="create Envelope"
                loading={send.isPending}
                disabled={toSend === 0}
                onClick={start}
              >
                <Send aria-hidden="true" />
                {t("web:templates.bulk.send", { count: toSend })}
              </PermittedButton>
            </div>
          </>
        )}
      </Card>

      {shown === null ? null : <BulkSendReport bulkSendUuid={shown} />}

      <section aria-labelledby="bulk-previous" className="flex flex-col gap-2">
        <h2 id="bulk-previous" className="text-base font-semibold text-ink">
          {t("web:templates.bulk.previous")}
        </h2>
        {previous.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : previous.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorText.apiError(previous.error)}
          </p>
        ) : previous.data.bulkSends.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("web:templates.bulk.previousEmpty")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {previous.data.bulkSends.map((bulkSend) => (
              <li
                key={bulkSend.uuid}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
              >
                <span>
                  {t("web:templates.bulk.previousItem", {
                    date: formatDateTime(bulkSend.createdAt, language),
                    sent: bulkSend.sent,
                    failed: bulkSend.failed,
                    total: bulkSend.total,
                  })}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={shown === bulkSend.uuid}
                  onClick={() => setShown(bulkSend.uuid)}
                >
                  {t("web:templates.bulk.showReport")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The reasons that name one cell (its column and value) in the preview and the report. */
const CELL_REASONS = [
  "invalid_email",
  "invalid_name",
  "duplicate_email",
  "invalid_text",
  "encoding",
] as const;
type CellReason = (typeof CELL_REASONS)[number];

function isCellReason(reason: string): reason is CellReason {
  return (CELL_REASONS as readonly string[]).includes(reason);
}

/**
 * The text of a row's problem, the same in the preview and the report: the column and the value
 * when the reason names one cell ("Column “employee email”: “bob@” is not an email address."),
 * the reason alone otherwise.
 */
function useRowProblemText(): (problem: {
  reason: RowProblem["reason"] | BulkSendRowError;
  column: string | null;
  value: string | null;
}) => string {
  const { t } = useTranslation("web");
  return ({ reason, column, value }) =>
    isCellReason(reason) && (column !== null || reason === "encoding")
      ? t(`templates.bulk.cellProblems.${reason}`, {
          column: column ?? "",
          value: value ?? "",
        })
      : t(`templates.bulk.reasons.${reason as BulkSendRowError}`);
}

/** A bulk send's progress (asked again while it runs) and its per-row report. */
function BulkSendReport({ bulkSendUuid }: { bulkSendUuid: string }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const tableLabels = useDataTableLabels();
  const rowProblemText = useRowProblemText();
  const status = useBulkSendStatus(bulkSendUuid);
  if (status.isPending) return <Skeleton className="h-24 w-full" />;
  if (status.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t("web:templates.bulk.reportLoadError")} {errorText.apiError(status.error)}
        <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
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
