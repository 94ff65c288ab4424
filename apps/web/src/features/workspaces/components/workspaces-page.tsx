import {
  WORKSPACE_NAME_MAX_LENGTH,
  COLOR_PALETTE,
  workspaceNameSchema,
  type Workspace,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  FormField,
  Select,
  buttonVariants,
  toast,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { NameColorForm } from "../../../domain/name-color-form";
import { ColorSwatch } from "../../../domain/tags";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import {
  useDeleteWorkspace,
  useMakeDefaultWorkspace,
  useSaveWorkspace,
  useWorkspaceList,
} from "../api/workspace-queries";

type Editing = { kind: "create" } | { kind: "update"; workspace: Workspace };

/**
 * /settings/workspaces: the team's workspaces the member belongs to (name with its colour, member
 * count, default badge, dates); create and edit in a dialog, make default, and delete after
 * choosing where its documents go.
 */
export function WorkspacesPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("web:workspaces.title") });
  const workspaces = useWorkspaceList();
  const save = useSaveWorkspace();
  const makeDefault = useMakeDefaultWorkspace();
  const remove = useDeleteWorkspace();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Workspace | null>(null);
  const [destination, setDestination] = useState("");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({
      ...tableLabels,
      loading: t("web:workspaces.loading"),
      empty: t("web:workspaces.empty"),
    }),
    [tableLabels, t],
  );
  const all = useMemo(() => workspaces.data ?? [], [workspaces.data]);

  const columns = useMemo<DataTableColumn<Workspace>[]>(
    () => [
      {
        id: "name",
        header: t("web:workspaces.columns.name"),
        value: (workspace) => workspace.name,
        cell: (workspace) => (
          <span className="flex items-center gap-2">
            <ColorSwatch color={workspace.color} />
            <span className="font-medium">{workspace.name}</span>
            {workspace.isDefault ? <Badge>{t("web:workspaces.default")}</Badge> : null}
          </span>
        ),
        hideable: false,
      },
      {
        id: "memberCount",
        header: t("web:workspaces.columns.members"),
        value: (workspace) => workspace.memberCount,
      },
      {
        id: "createdAt",
        header: t("web:workspaces.columns.createdAt"),
        value: (workspace) => workspace.createdAt,
        cell: (workspace) => formatDateTime(workspace.createdAt, language),
        className: "whitespace-nowrap",
      },
      {
        id: "updatedAt",
        header: t("web:workspaces.columns.updatedAt"),
        value: (workspace) => workspace.updatedAt,
        cell: (workspace) => formatDateTime(workspace.updatedAt, language),
        className: "whitespace-nowrap",
      },
      {
        id: "actions",
        header: t("web:workspaces.columns.actions"),
        value: () => null,
        sortable: false,
        hideable: false,
        className: "text-right",
        cell: (workspace) => (
          <div
            role="group"
            aria-label={t("web:workspaces.actionsLabel", { name: workspace.name })}
            className="flex flex-wrap justify-end gap-1"
          >
            <Link
              to={`/settings/workspaces/${workspace.uuid}/members`}
              className={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              {t("web:workspaces.manageMembers")}
            </Link>
            <PermittedButton
              permission="update Workspace"
              variant="ghost"
              size="sm"
              onClick={() => {
                save.reset();
                setEditing({ kind: "update", workspace });
              }}
            >
              {t("web:workspaces.edit")}
            </PermittedButton>
            {workspace.isDefault ? null : (
              <PermittedButton
                permission="update Workspace"
                variant="ghost"
                size="sm"
                loading={makeDefault.isPending && makeDefault.variables === workspace.uuid}
                onClick={() =>
                  makeDefault.mutate(workspace.uuid, {
                    onSuccess: () =>
                      toast.success(t("web:workspaces.madeDefault", { name: workspace.name })),
                    onError: (error) => toast.error(errorText.apiError(error)),
                  })
                }
              >
                {t("web:workspaces.makeDefault")}
              </PermittedButton>
            )}
            {workspace.isDefault ? null : (
              <PermittedButton
                permission="delete Workspace"
                variant="ghost"
                size="sm"
                onClick={() => {
                  remove.reset();
                  setDestination(all.find((other) => other.isDefault)?.uuid ?? "");
                  setDeleting(workspace);
                }}
              >
                {t("web:workspaces.delete")}
              </PermittedButton>
            )}
          </div>
        ),
      },
    ],
    [t, language, save, makeDefault, remove, all, errorText],
  );

  const destinations = all.filter((workspace) => workspace.uuid !== deleting?.uuid);

  return (
    <section aria-labelledby="workspaces-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="workspaces-title" className="text-lg font-semibold text-ink">
            {t("web:workspaces.title")}
          </h2>
          <p className="text-sm text-ink-muted">{t("web:workspaces.description")}</p>
        </div>
        <PermittedButton
          permission="create Workspace"
          onClick={() => {
            save.reset();
            setEditing({ kind: "create" });
          }}
        >
          <Plus aria-hidden="true" />
          {t("web:workspaces.create")}
        </PermittedButton>
      </div>

      <DataTable
        data={all}
        columns={columns}
        getRowId={(workspace) => workspace.uuid}
        caption={t("web:workspaces.caption")}
        labels={labels}
        loading={workspaces.isPending}
        error={workspaces.isError ? errorText.apiError(workspaces.error) : undefined}
        onRetry={() => void workspaces.refetch()}
        exportFileName="workspaces"
      />
      <p className="text-sm text-ink-muted">{t("web:workspaces.deleteDialog.defaultNote")}</p>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing ? (
          <DialogContent
            title={
              editing.kind === "create"
                ? t("web:workspaces.form.createTitle")
                : t("web:workspaces.form.editTitle")
            }
            closeLabel={t("common:actions.close")}
          >
            <NameColorForm
              nameSchema={workspaceNameSchema}
              maxLength={WORKSPACE_NAME_MAX_LENGTH}
              defaultValues={
                editing.kind === "create"
                  ? { name: "", color: COLOR_PALETTE[0] }
                  : { name: editing.workspace.name, color: editing.workspace.color }
              }
              labels={{
                name: t("web:workspaces.form.name"),
                color: t("web:workspaces.form.color"),
                colorDescription: t("web:workspaces.form.colorDescription"),
                save: t("web:workspaces.form.save"),
                cancel: t("common:actions.cancel"),
              }}
              error={save.error}
              onClose={() => setEditing(null)}
              onSubmit={async (values) => {
                await save.mutateAsync(
                  editing.kind === "create"
                    ? { kind: "create", values }
                    : {
                        kind: "update",
                        values: { ...values, workspaceUuid: editing.workspace.uuid },
                      },
                );
                toast.success(
                  editing.kind === "create"
                    ? t("web:workspaces.form.created")
                    : t("web:workspaces.form.saved"),
                );
                setEditing(null);
              }}
            />
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("web:workspaces.deleteDialog.title", { name: deleting?.name ?? "" })}
        description={t("web:workspaces.deleteDialog.description")}
        confirmLabel={t("web:workspaces.deleteDialog.confirm")}
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        pending={remove.isPending}
        error={remove.isError ? errorText.apiError(remove.error) : null}
        onConfirm={() => {
          if (!deleting || !destination) return;
          remove.mutate(
            { workspaceUuid: deleting.uuid, destinationWorkspaceUuid: destination },
            {
              onSuccess: (answer) => {
                toast.success(
                  t("web:workspaces.deleteDialog.deleted", {
                    envelopes: answer.moved.envelopes,
                    contacts: answer.moved.contacts,
                  }),
                );
                setDeleting(null);
              },
            },
          );
        }}
      >
        <FormField label={t("web:workspaces.deleteDialog.destination")} required>
          <Select
            value={destination}
            onValueChange={setDestination}
            options={destinations.map((workspace) => ({
              value: workspace.uuid,
              label: workspace.name,
            }))}
          />
        </FormField>
      </ConfirmDialog>
    </section>
  );
}
