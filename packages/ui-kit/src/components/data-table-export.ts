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

/**
 * The text of one CSV cell before papaparse writes it: text that starts like a formula (= + - @
 * tab CR) or holds a `;` or a tab is prefixed with an apostrophe (OWASP's advice). Numbers,
 * booleans and dates are written as they are (dates as ISO 8601).
 */
function csvText(value: DataTableValue): string {
  const text = plain(value);
  return typeof value === "string" && (FORMULA_START.test(text) || OTHER_SEPARATOR.test(text))
    ? `'${text}`
    : text;
}

/**
 * RFC 4180 CSV of the rows, written by papaparse's `unparse` (loaded when an export runs, so that
 * it stays out of the pages' first load): a header line, then one line per row, CRLF line ends,
 * every cell's text given by {@link csvText} (neutralised when a spreadsheet could run part of it
 * as a formula) and quoted when it holds a separator of any locale, a quote, a line break or outer
 * white space (quotes doubled). It starts with a UTF-8 byte-order mark, without which Excel reads
 * the file in the system's legacy encoding and garbles accents ("LefÃ¨vre").
 */
export async function toCsv<TData>(
  columns: readonly ExportColumn<TData>[],
  rows: readonly TData[],
): Promise<string> {
  const { unparse } = await import("papaparse");
  const lines = [
    columns.map((column) => csvText(column.header)),
    ...rows.map((row) => columns.map((column) => csvText(column.value(row)))),
  ];
  const csv = unparse(lines, {
    newline: "\r\n",
    // The neutralisation above is the only one: papaparse's own would quote every such cell.
    escapeFormulae: false,
    // papaparse quotes a comma, a quote, a line break and outer spaces; the other list separators
    // and any outer white space are quoted too.
    quotes: (text: unknown) =>
      typeof text === "string" && (OTHER_SEPARATOR.test(text) || text !== text.trim()),
  });
  return `\uFEFF${csv}\r\n`;
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
