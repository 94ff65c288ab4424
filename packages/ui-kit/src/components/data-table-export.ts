/** A cell value as a DataTable column gives it for sorting and export. */
export type DataTableValue = string | number | boolean | Date | null | undefined;

/** A column as the exporters see it: a header and a value per row. */
export interface ExportColumn<TData> {
  id: string;
  header: string;
  value: (row: TData) => DataTableValue;
}

function plain(value: DataTableValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: DataTableValue): string {
  let text = plain(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV of the rows: a header line, then one line per row, CRLF line ends, fields quoted
 * when they hold a comma, a quote, a line break or outer spaces. Text that a spreadsheet would run
 * as a formula is prefixed with an apostrophe. Dates are ISO 8601.
 */
export function toCsv<TData>(
  columns: readonly ExportColumn<TData>[],
  rows: readonly TData[],
): string {
  const lines = [columns.map((column) => csvField(column.header)).join(",")];
  for (const row of rows)
    lines.push(columns.map((column) => csvField(column.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * JSON array of the rows, one object per row keyed by column id, values as the columns give them
 * (dates as ISO 8601 strings), pretty-printed with two spaces.
 */
export function toJson<TData>(
  columns: readonly ExportColumn<TData>[],
  rows: readonly TData[],
): string {
  const records = rows.map((row) =>
    Object.fromEntries(
      columns.map((column) => {
        const value = column.value(row);
        return [column.id, value instanceof Date ? value.toISOString() : (value ?? null)];
      }),
    ),
  );
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** A file the DataTable exports. */
export interface DataTableExportFile {
  format: "csv" | "json";
  fileName: string;
  mimeType: string;
  content: string;
}

/** Saves a file through a temporary object URL and a download link (the browser's default action). */
export function downloadFile(file: DataTableExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
