import { Button, type DataTableColumn, type DataTableProps } from "@paraphe/ui-kit";
import { useMemo, type ReactNode } from "react";
import { type GatedPermission } from "../app/permissions/gates";
import { PermittedButton } from "../app/permissions/permitted-button";
import { useErrorText } from "../lib/api/error-text";
import { useDataTableLabels } from "../lib/data-table-labels";
import { PageSection, type PageSectionProps } from "./page-section";

export type ListPageProps = Omit<PageSectionProps, "className">;

/**
 * The pattern every list page of the settings shares (members, invitations, roles, sessions, API
 * keys): a section named by its `<h2>`, a description, the actions, then the list, which shows as a
 * table from 640 px and as cards on a phone (the ui-kit DataTable).
 */
export function ListPage(props: ListPageProps) {
  return <PageSection {...props} />;
}

/** What a list page's query gives its DataTable. */
interface ListQuery<TData> {
  data: readonly TData[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The DataTable props of a query's rows: the rows, the spinner while they load, the error in the
 * reader's language with a retry, and the table's texts with the page's own loading and empty texts.
 */
export function useListTable<TData>(
  query: ListQuery<TData>,
  texts: { loading: string; empty: string },
): Pick<DataTableProps<TData>, "data" | "loading" | "error" | "onRetry" | "labels"> {
  const errorText = useErrorText();
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({ ...tableLabels, loading: texts.loading, empty: texts.empty }),
    [tableLabels, texts.loading, texts.empty],
  );
  return {
    data: query.data ?? [],
    loading: query.isPending,
    error: query.isError ? errorText.apiError(query.error) : undefined,
    onRetry: () => void query.refetch(),
    labels,
  };
}

/** The last column of a list: each row's actions, right-aligned, never sorted, hidden or exported. */
export function actionsColumn<TData>(
  header: string,
  cell: (row: TData) => ReactNode,
): DataTableColumn<TData> {
  return {
    id: "actions",
    header,
    value: () => null,
    cell,
    sortable: false,
    hideable: false,
    className: "text-right",
  };
}

/**
 * An actions column of one button a row (revoke, delete, end), on the rows `shown` accepts (all
 * when omitted). With `permission`, a member whose role lacks it gets the button disabled with the
 * reason (`PermittedButton`).
 */
export function rowActionColumn<TData>(options: {
  header: string;
  /** The button's text. */
  text: string;
  /** The button's accessible name, which names the row. */
  label: (row: TData) => string;
  onClick: (row: TData) => void;
  permission?: GatedPermission;
  shown?: (row: TData) => boolean;
}): DataTableColumn<TData> {
  const { header, text, label, onClick, permission, shown } = options;
  return actionsColumn(header, (row) => {
    if (shown && !shown(row)) return null;
    const button = {
      variant: "ghost",
      size: "sm",
      "aria-label": label(row),
      onClick: () => onClick(row),
      children: text,
    } as const;
    return permission ? (
      <PermittedButton permission={permission} {...button} />
    ) : (
      <Button {...button} />
    );
  });
}
