import { type TeamMemberInfo } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogContent,
  FormField,
  Input,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { Upload, UserPlus } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { useSession } from "../../../app/session/session-context";
import { ListPage, useListTable } from "../../../components/list-page";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useMembers, useRemoveMember } from "../api/members-queries";
import type * as EditMemberFormModule from "../forms/edit-member-form";
import type * as InviteMemberFormModule from "../forms/invite-member-form";
import { useRoleLabel } from "../../../domain/role-label";
import { useGivableRoles } from "../hooks/use-givable-roles";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";
import { lazyComponent, usePreload } from "../../../lib/lazy-component";

/** The dialogs' forms (react-hook-form), downloaded once the page shows, not with it. */
const EditMemberForm = lazyComponent(() =>
  import("../forms/edit-member-form").then(
    (module: typeof EditMemberFormModule | undefined) => module?.EditMemberForm,
  ),
);

const InviteMemberForm = lazyComponent(() =>
  import("../forms/invite-member-form").then(
    (module: typeof InviteMemberFormModule | undefined) => module?.InviteMemberForm,
  ),
);

/**
 * /settings/members (spec §2, §3): the team's members (email, name, phone, role, join date) with
 * search and paging, the seats used out of total (or unlimited), invite, edit and remove; the
 * actions need `update Team`.
 */
export function MembersPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const navigate = useNavigate();
  usePageMeta({ title: t("members.title") });
  usePreload(EditMemberForm, InviteMemberForm);
  const { profile } = useSession();
  const { can } = usePermissions();
  const administers = can("update", "Team", "members");
  const [search, setSearch] = useState("");
  const members = useMembers(useDeferredValue(search));
  const remove = useRemoveMember();
  const roleLabel = useRoleLabel();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMemberInfo | null>(null);
  const [removing, setRemoving] = useState<TeamMemberInfo | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = useListTable(
    { ...members, data: members.data?.members },
    { loading: t("members.loading"), empty: t("members.empty") },
  );
  const selfEmail = profile?.email;
  // Members whose role the caller does not hold whole are neither changed nor removed by them.
  const givable = useGivableRoles(members.data?.roles);
  const { reset } = remove;
  const columns = useMemo<DataTableColumn<TeamMemberInfo>[]>(
    () => [
      {
        id: "email",
        header: t("members.columns.email"),
        value: (member) => member.email,
        cell: (member) => (
          <span className="flex flex-wrap items-center gap-2 [overflow-wrap:anywhere]">
            {member.email}
            {member.email === selfEmail ? <Badge>{t("members.you")}</Badge> : null}
          </span>
        ),
        hideable: false,
      },
      {
        id: "name",
        header: t("members.columns.name"),
        value: (member) => member.name,
      },
      {
        id: "phone",
        header: t("members.columns.phone"),
        value: (member) => member.phone,
        cell: (member) => member.phone ?? "",
      },
      {
        id: "role",
        header: t("members.columns.role"),
        value: (member) => roleLabel(member.role),
      },
      dateTimeColumn<TeamMemberInfo>({
        id: "joinedAt",
        header: t("members.columns.joinedAt"),
        date: (member) => member.joinedAt,
        language,
      }),
      dateTimeColumn<TeamMemberInfo>({
        id: "updatedAt",
        header: t("members.columns.updatedAt"),
        date: (member) => member.updatedAt,
        language,
      }),
      {
        id: "actions",
        header: t("members.columns.actions"),
        value: () => null,
        cell: (member) =>
          administers && (givable.has(member.role.uuid) || member.email === selfEmail) ? (
            <span className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("members.editLabel", { name: member.name })}
                onClick={() => setEditing(member)}
              >
                {t("members.edit")}
              </Button>
              {member.email === selfEmail ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("members.removeLabel", { name: member.name })}
                  onClick={() => {
                    reset();
                    setRemoving(member);
                  }}
                >
                  {t("members.remove")}
                </Button>
              )}
            </span>
          ) : null,
        sortable: false,
        hideable: false,
        className: "text-right",
      },
    ],
    [t, language, roleLabel, administers, givable, selfEmail, reset],
  );

  const seats = members.data?.seats;
  return (
    <ListPage
      headingId="members-title"
      title={t("members.title")}
      description={t("members.description")}
      details={
        seats ? (
          <p className="text-sm font-medium text-ink" data-testid="seats">
            {seats.total === null
              ? t("members.seatsUnlimited", { used: seats.used })
              : t("members.seats", { used: seats.used, total: seats.total })}
          </p>
        ) : null
      }
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to="/settings/members/pending">{t("members.pendingLink")}</Link>
          </Button>
          <PermittedButton
            permission="update Team members"
            disabled={!members.data}
            onClick={() => setInviting(true)}
          >
            <UserPlus aria-hidden="true" />
            {t("members.invite")}
          </PermittedButton>
          <PermittedButton
            permission="update Team members"
            variant="secondary"
            disabled={!members.data}
            onClick={() => void navigate("/settings/members/import")}
          >
            <Upload aria-hidden="true" />
            {t("members.import")}
          </PermittedButton>
        </>
      }
    >
      <FormField label={t("members.search")} className="max-w-sm">
        <Input
          type="search"
          placeholder={t("members.searchPlaceholder")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </FormField>

      <DataTable
        {...table}
        columns={columns}
        getRowId={(member) => member.userUuid}
        caption={t("members.caption")}
        exportFileName="members"
      />

      <Dialog open={inviting} onOpenChange={setInviting}>
        <DialogContent
          title={t("members.inviteDialog.title")}
          description={t("members.inviteDialog.description")}
          closeLabel={t("common:actions.close")}
        >
          {inviting && members.data ? (
            <InviteMemberForm
              roles={members.data.roles.filter((role) => givable.has(role.uuid))}
              seats={members.data.seats}
              onInvited={(email) => {
                toast.success(t("members.inviteDialog.sent", { email }));
                setInviting(false);
              }}
              onCancel={() => setInviting(false)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        <DialogContent title={t("members.editDialog.title")} closeLabel={t("common:actions.close")}>
          {editing && members.data ? (
            <EditMemberForm
              key={editing.userUuid}
              member={editing}
              roles={members.data.roles}
              givable={givable}
              self={editing.email === selfEmail}
              onSaved={() => {
                toast.success(t("members.editDialog.saved"));
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmActionDialog
        item={removing}
        onClose={() => setRemoving(null)}
        mutation={remove}
        variables={(member) => member.userUuid}
        onDone={() => toast.success(t("members.confirmRemove.removed"))}
        title={t("members.confirmRemove.title")}
        description={t("members.confirmRemove.description", { name: removing?.name ?? "" })}
        confirmLabel={t("members.confirmRemove.confirm")}
      />
    </ListPage>
  );
}
