/** Small statistics and formatting helpers for the benchmark tables. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** A duration in milliseconds, in the unit that reads best. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(ratio < 10 ? 2 : 1)}x` : "n/a";
}

export function formatRate(perSecond: number): string {
  return Number.isFinite(perSecond) ? Math.round(perSecond).toLocaleString("en-US") : "n/a";
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** A whole number as it is (64 KB), any other with one decimal (3.7 MB). */
function oneDecimal(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Throughput of `bytes` processed in `ms`, as MB/s. */
export function formatThroughput(bytes: number, ms: number): string {
  const perSecond = bytes / (ms / 1000);
  return `${(perSecond / (1024 * 1024)).toFixed(0)} MB/s`;
}

/** A plain-text table: first row is the header, columns after the first are right-aligned. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  const line = (row: readonly string[]): string =>
    row
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join("  ");
  const [header, ...body] = rows;
  if (header === undefined) return "";
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...body.map(line)].join("\n");
}
