import {
  COLOR_PALETTE,
  TAG_NAME_MAX_LENGTH,
  WORKSPACE_NAME_MAX_LENGTH,
  tagNameSchema,
  workspaceNameSchema,
} from "@paraphe/api-sdk/contract";
import { type TFunction } from "@paraphe/i18n";
import { useTranslation } from "@paraphe/i18n/react";
import {
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { toast } from "../lib/toast";
import { useMemo, type ReactNode } from "react";
import { actionsColumn } from "../components/list-page";
import { useErrorText } from "../lib/api/error-text";
import { useDataTableLabels } from "../lib/data-table-labels";
import { timestampColumns } from "../lib/date-column";
import { lazyComponent, usePreload } from "../lib/lazy-component";
import type * as NameColorFormModule from "./name-color-form";
import type { NameColorValues } from "./name-color-form";
import { ColorSwatch } from "./tags";

/** The create and edit form (react-hook-form), downloaded once the page shows, not with it. */
const NameColorForm = lazyComponent(() =>
  import("./name-color-form").then(
    (module: typeof NameColorFormModule | undefined) => module?.NameColorForm,
  ),
);

/**
 * The settings pages of the team's records that have a name and a colour (workspaces, tags): the
 * page's heading, the table (name with its colour, a count, dates, actions), the create and edit
 * dialog and the delete confirmation. Each page brings its calls and its own actions.
 */

/** The kinds of records, their name rules and where their texts are (the `web` namespace). */
const KINDS = {
  tag: {
    texts: "tags",
    countHeader: "tags.columns.envelopes",
    remove: "tags.confirmDelete",
    nameSchema: tagNameSchema,
    maxLength: TAG_NAME_MAX_LENGTH,
  },
  workspace: {
    texts: "workspaces",
    countHeader: "workspaces.columns.members",
    remove: "workspaces.deleteDialog",
    nameSchema: workspaceNameSchema,
    maxLength: WORKSPACE_NAME_MAX_LENGTH,
  },
} as const;

export type NameColorKind = keyof typeof KINDS;

/** What these records have in common. */
export interface NameColorRecord {
  uuid: string;
  name: string;
  color: string;
  createdAt: string;
  updatedAt: string;
}

/** What the create and edit dialog is doing: nothing (`null`), a new record, or this one. */
export type NameColorEditing<T> = { kind: "create" } | { kind: "update"; record: T };

/** The page: its heading, description and create button, then its content. */
export function NameColorSettingsSection({
  kind,
  action,
  children,
}: {
  kind: NameColorKind;
  action: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("web");
  const { texts } = KINDS[kind];
  const titleId = `${texts}-title`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {t(`${texts}.title`)}
          </h2>
          <p className="text-sm text-ink-muted">{t(`${texts}.description`)}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The columns: the name with its colour (and a badge), a count, creation and update dates, then
 * the record's actions.
 */
export function nameColorColumns<T extends NameColorRecord>({
  kind,
  t,
  language,
  count,
  badge,
  actions,
}: {
  kind: NameColorKind;
  t: TFunction<["web", "common"]>;
  language: string;
  count: { id: string; value: (record: T) => number };
  badge?: (record: T) => ReactNode;
  actions: (record: T) => ReactNode;
}): DataTableColumn<T>[] {
  const { texts, countHeader } = KINDS[kind];
  const header = (column: "name" | "createdAt" | "updatedAt" | "actions") =>
    t(`web:${texts}.columns.${column}`);
  return [
    {
      id: "name",
      header: header("name"),
      value: (record) => record.name,
      cell: (record) => (
        <span className="flex items-center gap-2">
          <ColorSwatch color={record.color} />
          <span className="font-medium">{record.name}</span>
          {badge?.(record)}
        </span>
      ),
      hideable: false,
    },
    { id: count.id, header: t(`web:${countHeader}`), value: count.value },
    ...timestampColumns<T>(
      { createdAt: header("createdAt"), updatedAt: header("updatedAt") },
      language,
    ),
    actionsColumn(header("actions"), actions),
  ];
}

/** The list of a query (loading, error with retry, empty, export named after the kind). */
export function NameColorTable<T extends NameColorRecord>({
  kind,
  list,
  columns,
}: {
  kind: NameColorKind;
  list: {
    data: readonly T[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  columns: readonly DataTableColumn<T>[];
}) {
  const { t } = useTranslation("web");
  const { texts } = KINDS[kind];
  const errorText = useErrorText();
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({ ...tableLabels, loading: t(`${texts}.loading`), empty: t(`${texts}.empty`) }),
    [tableLabels, t, texts],
  );
  return (
    <DataTable
      data={list.data ?? []}
      columns={columns}
      getRowId={(record) => record.uuid}
      caption={t(`${texts}.caption`)}
      labels={labels}
      loading={list.isPending}
      error={list.isError ? errorText.apiError(list.error) : undefined}
      onRetry={() => void list.refetch()}
      emptyDescription={t(`${texts}.emptyDescription`)}
      exportFileName={texts}
    />
  );
}

/**
 * The create and edit dialog: name and colour (a palette colour for a new record); once saved it
 * says so and closes.
 */
export function NameColorDialog<T extends NameColorRecord>({
  kind,
  editing,
  onClose,
  saving,
}: {
  kind: NameColorKind;
  editing: NameColorEditing<T> | null;
  onClose: () => void;
  /** The page's save mutation: creates or updates, as `editing` says. */
  saving: {
    error: unknown;
    mutateAsync: (input: {
      values: NameColorValues;
      editing: NameColorEditing<T>;
    }) => Promise<unknown>;
  };
}) {
  const { t } = useTranslation(["web", "common"]);
  const { texts, nameSchema, maxLength } = KINDS[kind];
  usePreload(NameColorForm);
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      {editing ? (
        <DialogContent
          title={
            editing.kind === "create"
              ? t(`web:${texts}.form.createTitle`)
              : t(`web:${texts}.form.editTitle`)
          }
          closeLabel={t("common:actions.close")}
        >
          <NameColorForm
            nameSchema={nameSchema}
            maxLength={maxLength}
            defaultValues={
              editing.kind === "create"
                ? { name: "", color: COLOR_PALETTE[0] }
                : { name: editing.record.name, color: editing.record.color }
            }
            labels={{
              name: t(`web:${texts}.form.name`),
              color: t(`web:${texts}.form.color`),
              colorDescription: t("web:workspaces.form.colorDescription"),
              save: t(`web:${texts}.form.save`),
              cancel: t("common:actions.cancel"),
            }}
            error={saving.error}
            onClose={onClose}
            onSubmit={async (values) => {
              await saving.mutateAsync({ values, editing });
              toast.success(
                editing.kind === "create"
                  ? t(`web:${texts}.form.created`)
                  : t(`web:${texts}.form.saved`),
              );
              onClose();
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The delete confirmation of a record, showing the api's refusal inside it. */
export function NameColorDeleteDialog<T extends NameColorRecord>({
  kind,
  deleting,
  onClose,
  removal,
  onConfirm,
  children,
}: {
  kind: NameColorKind;
  deleting: T | null;
  onClose: () => void;
  removal: { isPending: boolean; isError: boolean; error: unknown };
  onConfirm: (record: T) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(["web", "common"]);
  const { remove } = KINDS[kind];
  const errorText = useErrorText();
  return (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`web:${remove}.title`, { name: deleting?.name ?? "" })}
      description={t(`web:${remove}.description`)}
      confirmLabel={t(`web:${remove}.confirm`)}
      cancelLabel={t("common:actions.cancel")}
      closeLabel={t("common:actions.close")}
      pending={removal.isPending}
      error={removal.isError ? errorText.apiError(removal.error) : null}
      onConfirm={() => {
        if (deleting) onConfirm(deleting);
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
