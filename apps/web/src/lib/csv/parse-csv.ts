import Papa from "papaparse";
import { type z } from "zod";

/** Why a whole file is refused, before any row is looked at. */
export type CsvFileError =
  | { kind: "too_large"; bytes: number; maxBytes: number }
  | { kind: "empty" }
  | { kind: "unparsable"; line: number | null }
  | { kind: "missing_columns"; columns: string[] }
  | { kind: "too_many_rows"; rows: number; maxRows: number };

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

/** How columns are separated: comma, semicolon (Excel in French and other languages) or tab. */
export type CsvDelimiter = "," | ";" | "\t";

/** The text encodings a CSV file is read in, found from its bytes (`decodeCsvBytes`). */
export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export type CsvParseResult<T> =
  { ok: false; error: CsvFileError } | { ok: true; rows: CsvRow<T>[]; delimiter: CsvDelimiter };

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
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy", delimiter });
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
    return {
      ok: false,
      error: { kind: "too_many_rows", rows: data.length, maxRows: spec.maxRows },
    };
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
    // A character the file's encoding could not give (shown as �) is never imported as it is.
    for (const column of columns) {
      if (record[column]?.includes(REPLACEMENT_CHARACTER))
        errors.push({ column, word: "encoding" });
    }
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
  return { ok: true, rows, delimiter };
}

const REPLACEMENT_CHARACTER = "\uFFFD";

/**
 * The delimiter of the header line (up to its first line break outside quotes): the most frequent
 * of comma, semicolon and tab outside quotes; comma when none is there. Linear in the header.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && (char === "," || char === ";" || char === "\t")) counts[char] += 1;
  }
  const best = (Object.entries(counts) as [CsvDelimiter, number][]).reduce((a, b) =>
    b[1] > a[1] ? b : a,
  );
  return best[1] === 0 ? "," : best[0];
}

/**
 * Reads a file's bytes as text in the encoding they are in: UTF-8 with or without a byte-order
 * mark, UTF-16 (little or big endian, by its mark), and otherwise, when the bytes are not valid
 * UTF-8, Windows-1252 (what Excel saves "CSV" in on Windows in Western languages).
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(start));
    return { text, encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Reads a chosen file as text, refusing one larger than `maxBytes` without reading it. */
export async function readCsvFile(
  file: File,
  maxBytes: number,
): Promise<{ ok: true; text: string; encoding: CsvEncoding } | { ok: false; error: CsvFileError }> {
  if (file.size > maxBytes)
    return { ok: false, error: { kind: "too_large", bytes: file.size, maxBytes } };
  try {
    return { ok: true, ...decodeCsvBytes(new Uint8Array(await readAsBytes(file))) };
  } catch {
    return { ok: false, error: { kind: "unparsable", line: null } };
  }
}

function readAsBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error("The file cannot be read"));
    reader.readAsArrayBuffer(file);
  });
}
