/** A date and time in the reader's language, or `fallback` for none. */
export function formatDateTime(
  value: string | null | undefined,
  language: string,
  fallback = "",
): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    date,
  );
}

/** A long identifier shortened for a table cell: the first 8 and last 4 characters. */
export function shortenIdentifier(value: string): string {
  return value.length <= 16 ? value : `${value.slice(0, 8)}…${value.slice(-4)}`;
}
