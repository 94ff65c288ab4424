import { MAX_BULK_SEND_ROWS, type TemplateDetail } from "@paraphe/api-sdk/contract";
import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  Card,
  DataTable,
  FormField,
  Input,
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
import { usePageMeta } from "../../../../lib/page-meta";
import { useBulkSend } from "../../api/template-mutations";
import { useTemplateBulkSends } from "../../api/template-queries";
import { WithTemplate } from "./template-loader";
import { templateHref } from "./template-status";
import { BulkSendReport } from "./bulk-send-report";
import { PreviousBulkSends } from "./bulk-send-previous";
import {
  bulkSendColumns,
  exampleCsv,
  optionalBulkSendColumns,
  rowProblems,
  toRequestRow,
  useRowProblemText,
} from "./bulk-send-rows";

export { bulkSendColumns, exampleCsv, rowProblems, type RowProblem } from "./bulk-send-rows";

/** The largest CSV file read (500 rows of a few roles fit well under it). */
const MAX_CSV_BYTES = 1024 * 1024;

/** /templates/{workspaceUuid}/{templateUuid}/bulk-send */
export function BulkSendPage({ templateUuid }: { templateUuid: string }) {
  return (
    <WithTemplate templateUuid={templateUuid}>
      {(template) => <BulkSend key={template.uuid} template={template} />}
    </WithTemplate>
  );
}

function BulkSend({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation(["web", "common"]);
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
    optionalColumns: optionalBulkSendColumns(template),
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

  const downloadExample = async () =>
    saveBlob(new Blob([await exampleCsv(template)], { type: "text/csv" }), `${template.title}.csv`);

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
          <Button variant="secondary" onClick={() => void downloadExample()}>
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

      <PreviousBulkSends previous={previous} shown={shown} onShow={setShown} />
    </div>
  );
}
