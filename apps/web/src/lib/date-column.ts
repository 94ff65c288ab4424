import type { DataTableColumn } from "@paraphe/ui-kit";
import { formatDateTime } from "./format";

/**
 * A DataTable column of a date and time: sorted by time, exported as ISO 8601, shown in the page's
 * language (`empty` when the row has none).
 */
export function dateTimeColumn<TData>(options: {
  id: string;
  header: string;
  date: (row: TData) => string | null | undefined;
  language: string;
  empty?: string;
}): DataTableColumn<TData> {
  const { id, header, date, language, empty = "" } = options;
  return {
    id,
    header,
    value: (row) => {
      const iso = date(row);
      return iso ? new Date(iso) : null;
    },
    cell: (row) => formatDateTime(date(row), language, empty),
    className: "whitespace-nowrap",
  };
}

/** The columns of when a record was created and last changed (ids `createdAt`, `updatedAt`). */
export function timestampColumns<TData extends { createdAt: string; updatedAt: string }>(
  headers: { createdAt: string; updatedAt: string },
  language: string,
): DataTableColumn<TData>[] {
  return (["createdAt", "updatedAt"] as const).map((id) =>
    dateTimeColumn<TData>({ id, header: headers[id], date: (row) => row[id], language }),
  );
}
