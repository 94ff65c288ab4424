import type { ReactNode } from "react";
import { cn } from "../lib/cn";

/**
 * Where a column goes on a card: `title` (the card's first line; by default the first column),
 * `status` (badges beside the title), `detail` (a "label: value" line; the default), `actions`
 * (buttons at the foot of the card; by default the column with the id `actions`) or `hidden`.
 */
export type DataCardRole = "title" | "status" | "detail" | "actions" | "hidden";

/** One column of a card list: its header labels the detail lines. */
export interface DataCardColumn<TData> {
  id: string;
  header: string;
  cell: (row: TData) => ReactNode;
  card?: DataCardRole;
}

export interface DataCardsProps<TData> {
  rows: readonly TData[];
  columns: readonly DataCardColumn<TData>[];
  getRowId?: (row: TData, index: number) => string;
  /** Accessible name of the list (the caption of the table it stands for). */
  caption: string;
  className?: string;
}

/** The role of each column: explicit, or title for the first, actions for `actions`, else detail. */
export function cardRoles<TData>(
  columns: readonly DataCardColumn<TData>[],
): Map<string, DataCardRole> {
  const roles = new Map<string, DataCardRole>();
  const hasTitle = columns.some((column) => column.card === "title");
  columns.forEach((column, index) => {
    roles.set(
      column.id,
      column.card ??
        (!hasTitle && index === 0 ? "title" : column.id === "actions" ? "actions" : "detail"),
    );
  });
  return roles;
}

/**
 * The rows of a table as a list of cards, for phones: the title and status on top, the other
 * columns as labelled lines, the actions at the foot with touch-sized (44 px) targets. Long values
 * wrap instead of widening the page.
 */
export function DataCards<TData>({
  rows,
  columns,
  getRowId,
  caption,
  className,
}: DataCardsProps<TData>) {
  const roles = cardRoles(columns);
  const withRole = (role: DataCardRole) =>
    columns.filter((column) => roles.get(column.id) === role);
  const titles = withRole("title");
  const statuses = withRole("status");
  const details = withRole("detail");
  const actions = withRole("actions");
  return (
    <ul aria-label={caption} className={cn("flex flex-col gap-3", className)}>
      {rows.map((row, index) => {
        const actionCells = actions.map((column) => ({ id: column.id, node: column.cell(row) }));
        const shownActions = actionCells.filter(
          ({ node }) => node !== null && node !== undefined && node !== false && node !== "",
        );
        return (
          <li
            key={getRowId ? getRowId(row, index) : index}
            className="min-w-0 rounded-card border border-border bg-surface p-4 shadow-card"
          >
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
              <div className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere] text-ink">
                {titles.map((column) => (
                  <div key={column.id}>{column.cell(row)}</div>
                ))}
              </div>
              {statuses.length > 0 ? (
                <div className="flex flex-wrap items-center gap-1">
                  {statuses.map((column) => (
                    <span key={column.id}>{column.cell(row)}</span>
                  ))}
                </div>
              ) : null}
            </div>
            {details.length > 0 ? (
              <dl className="mt-3 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {details.map((column) => (
                  <div key={column.id} className="contents">
                    <dt className="text-ink-muted">{column.header}</dt>
                    <dd className="min-w-0 [overflow-wrap:anywhere] text-ink">
                      {column.cell(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {shownActions.length > 0 ? (
              <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-border pt-3 [&_a]:min-h-11 [&_button]:min-h-11">
                {shownActions.map(({ id, node }) => (
                  <div key={id} className="flex flex-wrap justify-end gap-2 [&>*]:flex-wrap">
                    {node}
                  </div>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
