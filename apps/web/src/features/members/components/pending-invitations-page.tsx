import { type PendingInvitation } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, DataTable, type DataTableColumn } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ArrowLeft, Send, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { ListPage, useListTable } from "../../../components/list-page";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useInvitations, useResendInvite, useRevokeInvite } from "../api/members-queries";
import { useRoleLabel } from "../../../domain/role-label";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";

/** Shown from the column menu: the cards keep to the email, name, role, expiry, resends and actions. */
const PENDING_HIDDEN_COLUMNS = ["sentAt", "updatedAt"] as const;

/**
 * /settings/members/pending (spec §2, §3): the pending invitations (email, name, expires, sent,
 * resent count, updated), expired ones marked; resend and revoke need `update Team`.
 */
export function PendingInvitationsPage() {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  usePageMeta({ title: t("members.pending.title") });
  const { can } = usePermissions();
  const administers = can("update", "Team", "members");
  const invitations = useInvitations();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const roleLabel = useRoleLabel();
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const table = useListTable(invitations, {
    loading: t("members.pending.loading"),
    empty: t("members.pending.empty"),
  });
  const { mutate: resendInvite, isPending: resending } = resend;
  const { reset } = revoke;
  const columns = useMemo<DataTableColumn<PendingInvitation>[]>(
    () => [
      {
        id: "email",
        header: t("members.pending.columns.email"),
        value: (invitation) => invitation.email,
        cell: (invitation) => (
          <span className="block min-w-48 [overflow-wrap:anywhere]">{invitation.email}</span>
        ),
        hideable: false,
      },
      {
        id: "name",
        header: t("members.pending.columns.name"),
        value: (invitation) => invitation.name,
      },
      {
        id: "role",
        header: t("members.pending.columns.role"),
        value: (invitation) => roleLabel(invitation.role),
      },
      dateTimeColumn<PendingInvitation>({
        id: "sentAt",
        header: t("members.pending.columns.sentAt"),
        date: (invitation) => invitation.sentAt,
        language,
      }),
      {
        id: "expiresAt",
        header: t("members.pending.columns.expiresAt"),
        value: (invitation) => invitation.expiresAt,
        cell: (invitation) => (
          <span className="flex items-center gap-2 whitespace-nowrap">
            {formatDateTime(invitation.expiresAt, language, "")}
            {invitation.expired ? (
              <Badge variant="danger">{t("members.pending.expired")}</Badge>
            ) : null}
          </span>
        ),
      },
      {
        id: "resentCount",
        header: t("members.pending.columns.resentCount"),
        value: (invitation) => invitation.resentCount,
      },
      dateTimeColumn<PendingInvitation>({
        id: "updatedAt",
        header: t("members.pending.columns.updatedAt"),
        date: (invitation) => invitation.updatedAt,
        language,
      }),
      {
        id: "actions",
        header: t("members.pending.columns.actions"),
        value: () => null,
        cell: (invitation) =>
          administers ? (
            <span className="flex flex-wrap justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                className="whitespace-nowrap"
                disabled={resending}
                aria-label={t("members.pending.resendLabel", { email: invitation.email })}
                onClick={() =>
                  resendInvite(invitation.uuid, {
                    onSuccess: () =>
                      toast.success(t("members.pending.resent", { email: invitation.email })),
                    onError: (error) =>
                      toast.error(
                        `${t("members.pending.resendFailed", { email: invitation.email })} ${errorText.apiError(error)}`,
                      ),
                  })
                }
              >
                <Send aria-hidden="true" />
                {t("members.pending.resend")}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="whitespace-nowrap text-danger"
                aria-label={t("members.pending.revokeLabel", { email: invitation.email })}
                onClick={() => {
                  reset();
                  setRevoking(invitation);
                }}
              >
                <X aria-hidden="true" />
                {t("members.pending.revoke")}
              </Button>
            </span>
          ) : null,
        sortable: false,
        hideable: false,
        className: "text-right",
      },
    ],
    [t, language, roleLabel, administers, resending, resendInvite, reset, errorText],
  );

  return (
    <ListPage
      headingId="pending-title"
      title={t("members.pending.title")}
      description={t("members.pending.description")}
      actions={
        <Button asChild variant="secondary">
          <Link to="/settings/members">
            <ArrowLeft aria-hidden="true" />
            {t("members.pending.back")}
          </Link>
        </Button>
      }
    >
      <DataTable
        {...table}
        columns={columns}
        getRowId={(invitation) => invitation.uuid}
        caption={t("members.pending.caption")}
        exportFileName="pending-invitations"
        layout="cards"
        initialHiddenColumns={PENDING_HIDDEN_COLUMNS}
      />

      <ConfirmActionDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        mutation={revoke}
        variables={(invitation) => invitation.uuid}
        onDone={() => toast.success(t("members.pending.confirmRevoke.revoked"))}
        title={t("members.pending.confirmRevoke.title")}
        description={t("members.pending.confirmRevoke.description", {
          email: revoking?.email ?? "",
        })}
        confirmLabel={t("members.pending.confirmRevoke.confirm")}
      />
    </ListPage>
  );
}
