import { type Workspace } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, FormField, Select, buttonVariants } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import {
  NameColorDeleteDialog,
  NameColorDialog,
  NameColorSettingsSection,
  NameColorTable,
  nameColorColumns,
  type NameColorEditing,
} from "../../../domain/name-color-settings";
import { useErrorText } from "../../../lib/api/error-text";
import { usePageMeta } from "../../../lib/page-meta";
import {
  useDeleteWorkspace,
  useMakeDefaultWorkspace,
  useSaveWorkspace,
  useWorkspaceList,
} from "../api/workspace-queries";

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
  const [editing, setEditing] = useState<NameColorEditing<Workspace> | null>(null);
  const [deleting, setDeleting] = useState<Workspace | null>(null);
  const [destination, setDestination] = useState("");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const all = useMemo(() => workspaces.data ?? [], [workspaces.data]);

  const columns = useMemo(
    () =>
      nameColorColumns<Workspace>({
        kind: "workspace",
        t,
        count: { id: "memberCount", value: (workspace) => workspace.memberCount },
        language,
        badge: (workspace) =>
          workspace.isDefault ? <Badge>{t("web:workspaces.default")}</Badge> : null,
        actions: (workspace) => (
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
                setEditing({ kind: "update", record: workspace });
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
      }),
    [t, language, save, makeDefault, remove, all, errorText],
  );

  const destinations = all.filter((workspace) => workspace.uuid !== deleting?.uuid);

  return (
    <NameColorSettingsSection
      kind="workspace"
      action={
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
      }
    >
      <NameColorTable kind="workspace" list={workspaces} columns={columns} />
      <p className="text-sm text-ink-muted">{t("web:workspaces.deleteDialog.defaultNote")}</p>

      <NameColorDialog
        kind="workspace"
        editing={editing}
        onClose={() => setEditing(null)}
        saving={save}
      />

      <NameColorDeleteDialog
        kind="workspace"
        deleting={deleting}
        onClose={() => setDeleting(null)}
        removal={remove}
        onConfirm={(workspace) => {
          if (!destination) return;
          remove.mutate(
            { workspaceUuid: workspace.uuid, destinationWorkspaceUuid: destination },
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
      </NameColorDeleteDialog>
    </NameColorSettingsSection>
  );
}
