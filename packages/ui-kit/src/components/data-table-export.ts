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
// Other list separators: a spreadsheet set to a language whose lists use semicolons (French
// Excel) splits an unquoted cell at `;`, some split at tabs, and what follows starts a new cell,
// perhaps a formula (`Ada;=HYPERLINK(...)`).
const OTHER_SEPARATOR = /[;\t]/;
// What makes a cell quoted: a separator, a quote or a line break.
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell, the only encoder of the exports: text that starts like a formula (= + - @ tab CR)
 * or holds a `;` or a tab is prefixed with an apostrophe (OWASP's advice), and a cell holding a
 * comma, a semicolon, a tab, a quote, a line break or outer spaces is quoted (quotes doubled).
 * Numbers, booleans and dates are written as they are.
 */
function csvField(value: DataTableValue): string {
  let text = plain(value);
  if (typeof value === "string" && (FORMULA_START.test(text) || OTHER_SEPARATOR.test(text))) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV of the rows: a header line, then one line per row, CRLF line ends, every cell
 * written by {@link csvField} (quoted when it holds a separator of any locale, a quote, a line
 * break or outer spaces; neutralised when a spreadsheet could run part of it as a formula). Dates
 * are ISO 8601. It starts with a UTF-8 byte-order mark, without which Excel reads the file in the
 * system's legacy encoding and garbles accents ("LefÃ¨vre").
 */
export function toCsv<TData>(
  columns: readonly ExportColumn<TData>[],
  rows: readonly TData[],
): string {
  const lines = [columns.map((column) => csvField(column.header)).join(",")];
  for (const row of rows)
    lines.push(columns.map((column) => csvField(column.value(row))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
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
