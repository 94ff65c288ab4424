import Papa from "papaparse";
import { type z } from "zod";

/** Why a whole file is refused, before any row is looked at. */
export type CsvFileError =
  | { kind: "too_large"; maxBytes: number }
  | { kind: "empty" }
  | { kind: "unparsable"; line: number | null }
  | { kind: "missing_columns"; columns: string[] }
  | { kind: "too_many_rows"; maxRows: number };

/** One problem of a row: the column (or "" for the row) and the validation word. */
export interface CsvRowError {
  column: string;
  word: string;
}

/** A data row of the file, with its line number (the header is line 1) and what is wrong with it. */
export interface CsvRow<T> {
  line: number;
  /** The row's cells, by column name (trimmed; missing cells are ""). */
  cells: Record<string, string>;
  /** The row as the schema parsed it; null when it has errors. */
  value: T | null;
  errors: CsvRowError[];
}

export type CsvParseResult<T> =
  { ok: false; error: CsvFileError } | { ok: true; rows: CsvRow<T>[] };

export interface CsvSpec<S extends z.ZodType> {
  /** Columns that must be in the header (case-insensitive), e.g. email, firstname, lastname. */
  requiredColumns: readonly string[];
  /** Columns read when present (e.g. phone). Others are ignored. */
  optionalColumns?: readonly string[];
  /** The rule of one row, shared with the server (the contract's schema). */
  schema: S;
  /** Largest number of data rows. */
  maxRows: number;
  /** Largest file, in bytes. */
  maxBytes: number;
  /** A column whose value must not repeat (compared after the schema's normalisation). */
  uniqueColumn?: string;
}

/** Strips a byte-order mark and the blanks around a header or cell. */
const clean = (value: string): string => value.replace(/^\uFEFF/, "").trim();

/**
 * Parses the text of a CSV file against `spec`: the file as a whole first (empty, unparsable,
 * missing columns, too many rows), then every row with the schema, so that a preview can show each
 * row's errors before anything is written. Linear in the length of the text.
 */
export function parseCsv<S extends z.ZodType>(
  text: string,
  spec: CsvSpec<S>,
): CsvParseResult<z.output<S>> {
  if (text.trim() === "") return { ok: false, error: { kind: "empty" } };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const fatal = parsed.errors.find(
    (error) => error.type === "Quotes" || error.type === "Delimiter",
  );
  if (fatal !== undefined && !(fatal.type === "Delimiter" && parsed.data.length > 0)) {
    return {
      ok: false,
      error: { kind: "unparsable", line: fatal.row === undefined ? null : fatal.row + 1 },
    };
  }
  const [header, ...data] = parsed.data;
  if (header === undefined) return { ok: false, error: { kind: "empty" } };
  const names = header.map((name) => clean(name).toLowerCase());
  const missing = spec.requiredColumns.filter((column) => !names.includes(column));
  if (missing.length > 0)
    return { ok: false, error: { kind: "missing_columns", columns: missing } };
  if (data.length === 0) return { ok: false, error: { kind: "empty" } };
  if (data.length > spec.maxRows) {
    return { ok: false, error: { kind: "too_many_rows", maxRows: spec.maxRows } };
  }
  const columns = [...spec.requiredColumns, ...(spec.optionalColumns ?? [])];
  const indexOf = new Map(columns.map((column) => [column, names.indexOf(column)]));
  const seen = new Set<unknown>();
  const rows = data.map((cells, index): CsvRow<z.output<S>> => {
    const record: Record<string, string> = {};
    for (const column of columns) {
      const at = indexOf.get(column) ?? -1;
      record[column] = at < 0 ? "" : clean(cells[at] ?? "");
    }
    const result = spec.schema.safeParse(record);
    const errors: CsvRowError[] = result.success
      ? []
      : result.error.issues.map((issue) => ({
          column: issue.path.map(String).join("."),
          word: issue.message,
        }));
    if (result.success && spec.uniqueColumn !== undefined) {
      const key = (result.data as Record<string, unknown>)[spec.uniqueColumn];
      if (seen.has(key)) errors.push({ column: spec.uniqueColumn, word: "duplicate" });
      seen.add(key);
    }
    return {
      line: index + 2,
      cells: record,
      value: result.success && errors.length === 0 ? result.data : null,
      errors,
    };
  });
  return { ok: true, rows };
}

/** Reads a chosen file as text, refusing one larger than `maxBytes` without reading it. */
export async function readCsvFile(
  file: File,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; error: CsvFileError }> {
  if (file.size > maxBytes) return { ok: false, error: { kind: "too_large", maxBytes } };
  try {
    return { ok: true, text: await readAsText(file) };
  } catch {
    return { ok: false, error: { kind: "unparsable", line: null } };
  }
}

function readAsText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read"));
    reader.readAsText(file);
  });
}
