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

/**
 * A day of a date input (`YYYY-MM-DD`) written in the page's language ("3 mars 2026", "March 3,
 * 2026"): shown beside native date inputs, whose own display follows the browser's locale rather
 * than the page's. Empty for no day or an invalid one.
 */
export function formatDay(day: string | null | undefined, language: string): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return "";
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
