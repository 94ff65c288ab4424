import { type WorkspaceMember } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Combobox,
  DataTable,
  FormField,
  type ComboboxOption,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ArrowLeft } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useGate } from "../../../app/permissions/gates";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { actionsColumn } from "../../../components/list-page";
import { ColorSwatch } from "../../../domain/tags";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useWorkspaceMembers, useWorkspaceMembership } from "../api/workspace-queries";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";

/**
 * /settings/workspaces/{workspaceUuid}/members: who sees the workspace; add a member of the team
 * (Combobox of the team's members outside it), remove one (a workspace keeps at least one).
 */
export function WorkspaceMembersPage({ workspaceUuid }: { workspaceUuid: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const members = useWorkspaceMembers(workspaceUuid);
  const membership = useWorkspaceMembership(workspaceUuid);
  const mayChange = useGate("update Workspace").allowed;
  const name = members.data?.workspace.name ?? "";
  usePageMeta({ title: t("web:workspaces.members.title", { name }) });
  const [typed, setTyped] = useState("");
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({
      ...tableLabels,
      loading: t("web:workspaces.members.loading"),
      empty: t("web:workspaces.members.empty"),
    }),
    [tableLabels, t],
  );
  const rows = members.data?.members ?? [];
  const onlyOne = rows.length <= 1;
  const { reset } = membership;

  const options = useMemo(() => {
    const query = typed.trim().toLowerCase();
    return (members.data?.candidates ?? [])
      .filter(
        (candidate) =>
          query === "" ||
          candidate.name.toLowerCase().includes(query) ||
          candidate.email.toLowerCase().includes(query),
      )
      .map((candidate) => ({
        id: candidate.userUuid,
        label: candidate.name,
        description: candidate.email,
      }));
  }, [members.data, typed]);

  const columns = useMemo<DataTableColumn<WorkspaceMember>[]>(
    () => [
      {
        id: "name",
        header: t("web:workspaces.members.columns.name"),
        value: (member) => member.name,
        hideable: false,
      },
      {
        id: "email",
        header: t("web:workspaces.members.columns.email"),
        value: (member) => member.email,
      },
      dateTimeColumn<WorkspaceMember>({
        id: "joinedAt",
        header: t("web:workspaces.members.columns.joinedAt"),
        date: (member) => member.joinedAt,
        language,
      }),
      actionsColumn<WorkspaceMember>(t("web:workspaces.members.columns.actions"), (member) =>
        onlyOne ? (
          <span className="text-xs text-ink-muted">{t("web:workspaces.members.lastMember")}</span>
        ) : (
          <PermittedButton
            permission="update Workspace"
            variant="ghost"
            size="sm"
            aria-label={t("web:workspaces.members.removeLabel", { name: member.name })}
            onClick={() => {
              reset();
              setRemoving(member);
            }}
          >
            {t("web:workspaces.members.remove")}
          </PermittedButton>
        ),
      ),
    ],
    [t, language, onlyOne, reset],
  );

  const add = () => {
    if (!chosen) return;
    membership.mutate(
      { kind: "add", userUuid: chosen.id },
      {
        onSuccess: () => {
          toast.success(t("web:workspaces.members.added", { name: chosen.label }));
          setChosen(null);
          setTyped("");
        },
        onError: (error) => toast.error(errorText.apiError(error)),
      },
    );
  };

  return (
    <section aria-labelledby="workspace-members-title" className="flex flex-col gap-4">
      <Link
        to="/settings/workspaces"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("web:workspaces.members.back")}
      </Link>
      <div className="flex min-w-0 flex-col gap-1">
        <h2
          id="workspace-members-title"
          className="flex items-center gap-2 text-lg font-semibold text-ink"
        >
          {members.data ? <ColorSwatch color={members.data.workspace.color} /> : null}
          {t("web:workspaces.members.title", { name })}
        </h2>
        <p className="text-sm text-ink-muted">{t("web:workspaces.members.description")}</p>
      </div>

      {mayChange ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <FormField label={t("web:workspaces.members.addLabel")} className="min-w-64 flex-1">
            <Combobox
              value={typed}
              onValueChange={(value) => {
                setTyped(value);
                setChosen(null);
              }}
              options={options}
              onSelectOption={(option) => {
                setChosen(option);
                setTyped(option.label);
              }}
              listLabel={t("web:workspaces.members.candidates")}
              emptyMessage={t("web:workspaces.members.noCandidate")}
              placeholder={t("web:workspaces.members.addPlaceholder")}
            />
          </FormField>
          <Button type="submit" disabled={!chosen} loading={membership.isPending && !removing}>
            {t("web:workspaces.members.addButton")}
          </Button>
        </form>
      ) : null}

      <DataTable
        data={rows}
        columns={columns}
        getRowId={(member) => member.userUuid}
        caption={t("web:workspaces.members.caption")}
        labels={labels}
        loading={members.isPending}
        error={members.isError ? errorText.apiError(members.error) : undefined}
        onRetry={() => void members.refetch()}
        exportFileName="workspace-members"
      />

      <ConfirmActionDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={membership}
        variables={(member) => ({ kind: "remove" as const, userUuid: member.userUuid })}
        onDone={(_, member) =>
          toast.success(t("web:workspaces.members.removed", { name: member.name }))
        }
        title={t("web:workspaces.members.confirmRemove.title", { name: removing?.name ?? "" })}
        description={t("web:workspaces.members.confirmRemove.description")}
        confirmLabel={t("web:workspaces.members.confirmRemove.confirm")}
      />
    </section>
  );
}
