import { isApiError } from "@paraphe/api-sdk";
import { useFormatFileSize, useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, DataTable, FormField, Input, type DataTableColumn } from "@paraphe/ui-kit";
import { Upload } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { type z } from "zod";
import { useErrorText } from "../api/error-text";
import { useDataTableLabels } from "../data-table-labels";
import {
  parseCsv,
  readCsvFile,
  type CsvDelimiter,
  type CsvEncoding,
  type CsvFileError,
  type CsvRow,
  type CsvSpec,
} from "./parse-csv";

const DELIMITER_NAMES: Readonly<Record<CsvDelimiter, "comma" | "semicolon" | "tab">> = {
  ",": "comma",
  ";": "semicolon",
  "\t": "tab",
};

/** "Read as Windows-1252, columns separated by semicolons", for the preview of an import. */
export function useCsvDetectedText(): (detected: {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}) => string {
  const { t } = useTranslation("web");
  return ({ encoding, delimiter }) =>
    t("csvImport.detected", {
      encoding: t(`csvImport.encodings.${encoding}`),
      delimiter: t(`csvImport.delimiters.${DELIMITER_NAMES[delimiter]}`),
    });
}

/** The server's field problems of row `i` (`<list>.<i>.<column>`), as row errors of the preview. */
export function rowErrorsFromApi(error: unknown): Map<number, { column: string; word: string }[]> {
  const byRow = new Map<number, { column: string; word: string }[]>();
  if (!isApiError(error)) return byRow;
  for (const detail of error.details ?? []) {
    const match = /^[^.]+\.(\d+)\.?(.*)$/.exec(detail.path);
    if (match === null) continue;
    const index = Number(match[1]);
    byRow.set(index, [
      ...(byRow.get(index) ?? []),
      { column: match[2] ?? "", word: detail.message || detail.code },
    ]);
  }
  return byRow;
}

export interface CsvImportProps<S extends z.ZodType> {
  spec: CsvSpec<S>;
  /** The heading of each column in the preview, by column name. */
  columnLabels: Readonly<Record<string, string>>;
  /** Writes the rows (all or none); rejects with the api's error. */
  onImport: (rows: z.output<S>[]) => Promise<unknown>;
  /** Shown before the import button (e.g. the workspace to import into). */
  children?: ReactNode;
  /** The caption of the preview table. */
  caption: string;
  /** False while what the import needs besides the rows (e.g. the roles to choose from) is loading. */
  ready?: boolean;
}

/** The message of a file refused as a whole (too large, empty, unparsable, columns, rows). */
export function useCsvFileErrorText(): (error: CsvFileError) => string {
  const { t } = useTranslation("web");
  const formatFileSize = useFormatFileSize();
  return (error) => {
    switch (error.kind) {
      case "too_large":
        return t("csvImport.errors.tooLarge", {
          size: formatFileSize(error.bytes),
          max: formatFileSize(error.maxBytes),
        });
      case "empty":
        return t("csvImport.errors.empty");
      case "unparsable":
        return error.line === null
          ? t("csvImport.errors.unparsable")
          : t("csvImport.errors.unparsableAt", { line: error.line });
      case "missing_columns":
        return t("csvImport.errors.missingColumns", { columns: error.columns.join(", ") });
      case "too_many_rows":
        return t("csvImport.errors.tooManyRows", { count: error.rows, maxRows: error.maxRows });
    }
  };
}

/**
 * Imports a CSV file (spec §5): choose a file, see every row with its errors before anything is
 * written, then import all rows at once. The file is refused as a whole when it is too large,
 * empty, unparsable, lacks a required column or has too many rows; the import button stays
 * disabled while any row has an error. A refusal of the server (which checks every row again) is
 * shown beside the rows it names.
 */
export function CsvImport<S extends z.ZodType>({
  spec,
  columnLabels,
  onImport,
  children,
  caption,
  ready = true,
}: CsvImportProps<S>) {
  const { t } = useTranslation("web");
  const formatFileSize = useFormatFileSize();
  const errorText = useErrorText();
  const tableLabels = useDataTableLabels();
  const [fileError, setFileError] = useState<CsvFileError | null>(null);
  const [rows, setRows] = useState<CsvRow<z.output<S>>[] | null>(null);
  const [detected, setDetected] = useState<{
    encoding: CsvEncoding;
    delimiter: CsvDelimiter;
  } | null>(null);
  const detectedText = useCsvDetectedText();
  const [importError, setImportError] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);
  const columns = useMemo(
    () => [...spec.requiredColumns, ...(spec.optionalColumns ?? [])],
    [spec.requiredColumns, spec.optionalColumns],
  );
  const serverErrors = useMemo(() => rowErrorsFromApi(importError), [importError]);
  const errorsOf = (row: CsvRow<z.output<S>>, index: number) => [
    ...row.errors,
    ...(serverErrors.get(index) ?? []),
  ];
  const invalidCount = (rows ?? []).filter((row, index) => errorsOf(row, index).length > 0).length;

  const fileErrorText = useCsvFileErrorText();

  const choose = async (file: File | undefined) => {
    setRows(null);
    setDetected(null);
    setFileError(null);
    setImportError(null);
    if (file === undefined) return;
    const read = await readCsvFile(file, spec.maxBytes);
    const parsed = read.ok ? parseCsv(read.text, spec) : read;
    if (parsed.ok) {
      setRows(parsed.rows);
      if (read.ok) setDetected({ encoding: read.encoding, delimiter: parsed.delimiter });
    } else setFileError(parsed.error);
  };

  const submit = async () => {
    if (rows === null) return;
    setImporting(true);
    setImportError(null);
    try {
      await onImport(rows.flatMap((row) => (row.value === null ? [] : [row.value])));
    } catch (error) {
      setImportError(error);
    } finally {
      setImporting(false);
    }
  };

  const tableColumns: DataTableColumn<{ row: CsvRow<z.output<S>>; index: number }>[] = [
    {
      id: "line",
      header: t("csvImport.columns.line"),
      value: ({ row }) => row.line,
      hideable: false,
    },
    ...columns.map((column): DataTableColumn<{ row: CsvRow<z.output<S>>; index: number }> => ({
      id: column,
      header: columnLabels[column] ?? column,
      value: ({ row }) => row.cells[column] ?? "",
    })),
    {
      id: "errors",
      header: t("csvImport.columns.errors"),
      value: ({ row, index }) => errorsOf(row, index).length,
      cell: ({ row, index }) => {
        const errors = errorsOf(row, index);
        if (errors.length === 0) return <Badge variant="success">{t("csvImport.rowOk")}</Badge>;
        return (
          <ul className="flex flex-col gap-1 text-sm text-danger">
            {errors.map((error) => (
              <li key={`${error.column}:${error.word}`}>
                {error.column === ""
                  ? errorText.validation(error.word)
                  : `${columnLabels[error.column] ?? error.column}: ${errorText.validation(error.word) ?? ""}`}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <FormField
        label={t("csvImport.file")}
        description={t("csvImport.fileHint", {
          required: spec.requiredColumns.join(", "),
          optional: (spec.optionalColumns ?? []).join(", "),
          maxRows: spec.maxRows,
          maxSize: formatFileSize(spec.maxBytes),
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
            {invalidCount === 0
              ? t("csvImport.summaryValid", { count: rows.length })
              : t("csvImport.summaryInvalid", { count: rows.length, invalid: invalidCount })}
          </p>
          <DataTable
            data={rows.map((row, index) => ({ row, index }))}
            columns={tableColumns}
            getRowId={({ row }) => String(row.line)}
            caption={caption}
            labels={tableLabels}
            exportFileName="import-preview"
          />
          {importError === null ? null : (
            <p role="alert" className="text-sm font-medium text-danger">
              {t("csvImport.failed")} {errorText.apiError(importError)}
            </p>
          )}
          {children}
          <div className="flex justify-end">
            <Button
              type="button"
              disabled={!ready || invalidCount > 0 || rows.length === 0}
              loading={importing}
              onClick={() => void submit()}
            >
              <Upload aria-hidden="true" />
              {t("csvImport.import", { count: rows.length })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
