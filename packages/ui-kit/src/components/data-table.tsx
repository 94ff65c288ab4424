import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { PHONE_MEDIA_QUERY, useMediaQuery } from "../hooks/use-media-query";
import { cn } from "../lib/cn";
import { Button } from "./button";
import { DataCards, type DataCardRole } from "./data-cards";
import { DataTablePager, DataTableToolbar } from "./data-table-controls";
import {
  downloadFile,
  toCsv,
  toJson,
  type DataTableExportFile,
  type DataTableValue,
} from "./data-table-export";
import { Spinner } from "./spinner";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "./table";

/** One column of a DataTable. */
export interface DataTableColumn<TData> {
  /** Stable id: the key in the JSON export and in `initialSorting`/`initialHiddenColumns`. */
  id: string;
  /** Visible header, also the CSV header and the name in the column menu. */
  header: string;
  /** The value used to sort and to export. */
  value: (row: TData) => DataTableValue;
  /** How the cell is shown; the value as text when omitted. */
  cell?: (row: TData) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Whether the column menu can hide it (default true). */
  hideable?: boolean;
  /** Classes of the column's header and cells (alignment, width). */
  className?: string;
  /**
   * Where the column goes on the phone's cards (below 640 px): by default the first column is the
   * title, the column with the id `actions` the actions and the others labelled details.
   */
  card?: DataCardRole;
}

/** Every text of a DataTable (the app passes translations). */
export interface DataTableLabels {
  /** Name of the column-visibility menu button. */
  columns: string;
  /** Label of the page-size control. */
  rowsPerPage: string;
  previousPage: string;
  nextPage: string;
  /** "Page 2 of 5". */
  pageStatus: (page: number, pageCount: number) => string;
  /** Name of the export menu button. */
  export: string;
  exportCsv: string;
  exportJson: string;
  /** Read while `loading`. */
  loading: string;
  /** Title of the empty state. */
  empty: string;
  /** The retry button of the error state (shown when `onRetry` is given). */
  retry?: string;
  /** Label of the sort choice shown with the phone's cards (no choice when omitted). */
  sortBy?: string;
  /** An option of that choice: "Name, A to Z" / "Name, Z to A"; `none` for no order. */
  sortOption?: (header: string, descending: boolean) => string;
  sortNone?: string;
}

export interface DataTableProps<TData> {
  data: readonly TData[];
  columns: readonly DataTableColumn<TData>[];
  /** Row identity (the key of each row); the index when omitted. */
  getRowId?: (row: TData, index: number) => string;
  /** Accessible name of the table, shown as its caption. */
  caption: string;
  labels: DataTableLabels;
  /** Shows a spinner instead of the rows. */
  loading?: boolean;
  /** When set, shows this message instead of the rows (`role="alert"`). */
  error?: ReactNode;
  onRetry?: () => void;
  /** Extra text under the empty state's title, and an optional call to action. */
  emptyDescription?: ReactNode;
  emptyAction?: ReactNode;
  /** The page-size choices (default 10, 25, 50, 100); the first is the initial size. */
  pageSizes?: readonly number[];
  initialSorting?: { id: string; desc: boolean };
  initialHiddenColumns?: readonly string[];
  /** File name of the exports, without the extension (default "export"). */
  exportFileName?: string;
  /**
   * Receives the exported file; by default the browser downloads it. The export holds every row
   * (all pages) in the current order, with the visible columns.
   */
  onExport?: (file: DataTableExportFile) => void;
  /**
   * `responsive` (default): a table, cards on a phone. `cards`: cards at every width, for short
   * lists whose actions must stay in sight (two cards a row from 1024 px).
   */
  layout?: "responsive" | "cards";
  className?: string;
}

const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnVisibilityFeature,
});

function asText(value: DataTableValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

// Missing values sort as undefined, which TanStack keeps last in both directions.
function sortKey(value: DataTableValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value.toLocaleLowerCase();
}

/**
 * A table of records on TanStack Table: click or Enter on a sortable header sorts (ascending,
 * descending, none; `aria-sort` on the header), pages with a page-size choice, a menu to show or
 * hide columns, and CSV or JSON export of all rows. Loading, error and empty states replace the
 * rows. The data are sorted and paged in the browser. On a phone (below 640 px) the rows show as
 * cards (title, status, labelled details, actions; see `DataCards`) with a sort choice, so the page
 * never scrolls sideways.
 */
export function DataTable<TData extends RowData>({
  data,
  columns,
  getRowId,
  caption,
  labels,
  loading = false,
  error,
  onRetry,
  emptyDescription,
  emptyAction,
  pageSizes = DEFAULT_PAGE_SIZES,
  initialSorting,
  initialHiddenColumns = [],
  exportFileName = "export",
  onExport = downloadFile,
  layout = "responsive",
  className,
}: DataTableProps<TData>) {
  const onPhone = useMediaQuery(PHONE_MEDIA_QUERY);
  const asCards = layout === "cards" || onPhone;
  const columnDefs = useMemo<ColumnDef<typeof features, TData>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: TData) => sortKey(column.value(row)),
        cell: ({ row }) => column.cell?.(row.original) ?? asText(column.value(row.original)),
        enableSorting: column.sortable ?? true,
        enableHiding: column.hideable ?? true,
        sortFn: "basic",
        sortDescFirst: false,
        sortUndefined: "last",
      })),
    [columns],
  );
  const rows = useMemo(() => [...data], [data]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    initialState: {
      sorting: initialSorting ? [initialSorting] : ([] satisfies SortingState),
      pagination: { pageIndex: 0, pageSize: pageSizes[0] ?? 10 },
      columnVisibility: Object.fromEntries(initialHiddenColumns.map((id) => [id, false])),
    },
  });

  const columnById = new Map(columns.map((column) => [column.id, column]));
  const visibleColumns = table
    .getVisibleLeafColumns()
    .flatMap((column) => columnById.get(column.id) ?? []);
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const colSpan = Math.max(visibleColumns.length, 1);
  const pageCount = Math.max(table.getPageCount(), 1);
  const { pageIndex, pageSize } = table.state.pagination;
  const state = error ? "error" : loading ? "loading" : rows.length === 0 ? "empty" : "rows";

  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const currentSort = table.state.sorting[0];
  const sortValue = currentSort ? `${currentSort.id}:${currentSort.desc ? "desc" : "asc"}` : "";
  const sortOptions =
    labels.sortOption && labels.sortBy
      ? [
          ...(labels.sortNone ? [{ value: "", label: labels.sortNone }] : []),
          ...sortable.flatMap((column) => {
            const header = columnById.get(column.id)?.header ?? column.id;
            return [false, true].map((desc) => ({
              value: `${column.id}:${desc ? "desc" : "asc"}`,
              label: labels.sortOption?.(header, desc) ?? header,
            }));
          }),
        ]
      : [];

  function sortBy(value: string) {
    const [id, direction] = value.split(":");
    table.setSorting(id ? [{ id, desc: direction === "desc" }] : []);
  }

  const stateMessage =
    state === "loading" ? (
      <div className="flex justify-center">
        <Spinner label={labels.loading} />
      </div>
    ) : state === "error" ? (
      <div className="text-center">
        <p role="alert" className="font-medium text-danger">
          {error}
        </p>
        {onRetry && labels.retry ? (
          <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
            {labels.retry}
          </Button>
        ) : null}
      </div>
    ) : null;

  async function exportAs(format: "csv" | "json") {
    const allRows = table.getPrePaginatedRowModel().rows.map((row) => row.original);
    onExport({
      format,
      fileName: `${exportFileName}.${format}`,
      mimeType: format === "csv" ? "text/csv;charset=utf-8" : "application/json",
      content:
        format === "csv" ? await toCsv(visibleColumns, allRows) : toJson(visibleColumns, allRows),
    });
  }

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <DataTableToolbar
        labels={labels}
        sort={
          asCards && sortOptions.length > 0
            ? {
                label: labels.sortBy ?? "",
                value: sortValue,
                options: sortOptions,
                onChange: sortBy,
              }
            : undefined
        }
        columns={hideable.map((column) => ({
          id: column.id,
          header: columnById.get(column.id)?.header ?? column.id,
          visible: column.getIsVisible(),
          setVisible: (visible) => column.toggleVisibility(visible),
        }))}
        exportDisabled={state !== "rows"}
        onExport={(format) => void exportAs(format)}
      />
      {asCards ? (
        <div aria-busy={state === "loading" || undefined}>
          {state === "rows" ? (
            <DataCards
              rows={table.getRowModel().rows.map((row) => row.original)}
              columns={visibleColumns.map((column) => ({
                id: column.id,
                header: column.header,
                card: column.card,
                cell: (row: TData) => column.cell?.(row) ?? asText(column.value(row)),
              }))}
              getRowId={getRowId}
              caption={caption}
              className={layout === "cards" ? "lg:grid lg:grid-cols-2" : undefined}
            />
          ) : state === "empty" ? (
            <div className="rounded-card border border-border bg-surface px-4 py-12 text-center shadow-card">
              <p className="font-medium text-ink">{labels.empty}</p>
              {emptyDescription ? (
                <p className="mt-1 text-sm text-ink-muted">{emptyDescription}</p>
              ) : null}
              {emptyAction ? <div className="mt-4 flex justify-center">{emptyAction}</div> : null}
            </div>
          ) : (
            <div className="rounded-card border border-border bg-surface px-4 py-12 shadow-card">
              {stateMessage}
            </div>
          )}
        </div>
      ) : (
        <Table aria-busy={state === "loading" || undefined}>
          <TableCaption className="sr-only">{caption}</TableCaption>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const column = columnById.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const SortIcon =
                    sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <TableHead
                      key={header.id}
                      className={column?.className}
                      aria-sort={
                        sorted === "asc"
                          ? "ascending"
                          : sorted === "desc"
                            ? "descending"
                            : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
                          onClick={() => header.column.toggleSorting(undefined, false)}
                        >
                          {column?.header}
                          <SortIcon aria-hidden="true" className="size-3.5" />
                        </button>
                      ) : (
                        column?.header
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {state === "loading" || state === "error" ? (
              <tr>
                <td colSpan={colSpan} className="px-4 py-12">
                  {stateMessage}
                </td>
              </tr>
            ) : state === "empty" ? (
              <TableEmpty
                colSpan={colSpan}
                title={labels.empty}
                description={emptyDescription}
                action={emptyAction}
              />
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id} className={columnById.get(cell.column.id)?.className}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <DataTablePager
        labels={labels}
        pageSize={pageSize}
        pageSizes={pageSizes}
        onPageSize={(size) => table.setPageSize(size)}
        page={pageIndex + 1}
        pageCount={pageCount}
        onPrevious={table.getCanPreviousPage() ? () => table.previousPage() : undefined}
        onNext={table.getCanNextPage() ? () => table.nextPage() : undefined}
      />
    </div>
  );
}
