import { Columns3, Download } from "lucide-react";
import { useId } from "react";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import { Select } from "./select";

/** A column the menu can show or hide. */
export interface DataTableColumnToggle {
  id: string;
  header: string;
  visible: boolean;
  setVisible: (visible: boolean) => void;
}

/** The sort choice shown with the phone's cards. */
export interface DataTableSortChoice {
  label: string;
  /** `"<column id>:asc"`, `"<column id>:desc"` or `""` (no order). */
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * The bar above a DataTable: the sort choice (with the cards), the menu that shows or hides
 * columns and the export menu.
 */
export function DataTableToolbar({
  labels,
  sort,
  columns,
  exportDisabled,
  onExport,
}: {
  labels: { columns: string; export: string; exportCsv: string; exportJson: string };
  sort: DataTableSortChoice | undefined;
  columns: readonly DataTableColumnToggle[];
  exportDisabled: boolean;
  onExport: (format: "csv" | "json") => void;
}) {
  const sortId = `data-table-sort-${useId()}`;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {sort ? (
        <div className="mr-auto flex min-w-0 items-center gap-2 text-sm text-ink-muted">
          <label htmlFor={sortId} className="whitespace-nowrap">
            {sort.label}
          </label>
          <Select
            id={sortId}
            containerClassName="min-w-0"
            className="h-11"
            value={sort.value}
            onValueChange={sort.onChange}
            options={sort.options}
          />
        </div>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="sm" className="max-sm:h-11">
            <Columns3 aria-hidden="true" />
            {labels.columns}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>{labels.columns}</DropdownMenuLabel>
          {columns.map((column) => (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={column.visible}
              onCheckedChange={(checked) => column.setVisible(checked)}
            >
              {column.header}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="sm" className="max-sm:h-11" disabled={exportDisabled}>
            <Download aria-hidden="true" />
            {labels.export}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => onExport("csv")}>{labels.exportCsv}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExport("json")}>{labels.exportJson}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The bar below a DataTable: the page-size choice, the page's number and the page buttons. */
export function DataTablePager({
  labels,
  pageSize,
  pageSizes,
  onPageSize,
  page,
  pageCount,
  onPrevious,
  onNext,
}: {
  labels: {
    rowsPerPage: string;
    previousPage: string;
    nextPage: string;
    pageStatus: (page: number, pageCount: number) => string;
  };
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Undefined on the first page. */
  onPrevious: (() => void) | undefined;
  /** Undefined on the last page. */
  onNext: (() => void) | undefined;
}) {
  const pageSizeId = `data-table-page-size-${useId()}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
      <div className="flex items-center gap-2">
        <label htmlFor={pageSizeId}>{labels.rowsPerPage}</label>
        <Select
          id={pageSizeId}
          containerClassName="w-20"
          className="h-11 sm:h-8"
          value={String(pageSize)}
          onValueChange={(value) => onPageSize(Number(value))}
          options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* Whole on its line on a phone ("Page 1 sur 1"), the two buttons under it. */}
        <span aria-live="polite" className="whitespace-nowrap max-sm:w-full">
          {labels.pageStatus(page, pageCount)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:h-11"
          onClick={onPrevious}
          disabled={!onPrevious}
        >
          {labels.previousPage}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:h-11"
          onClick={onNext}
          disabled={!onNext}
        >
          {labels.nextPage}
        </Button>
      </div>
    </div>
  );
}
