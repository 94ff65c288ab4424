import { type PendingInvitation } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  toast,
  type DataTableColumn,
} from "@paraphe/ui-kit";
import { ArrowLeft } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { useErrorText } from "../../../lib/api/error-text";
import { useDataTableLabels } from "../../../lib/data-table-labels";
import { formatDateTime } from "../../../lib/format";
import { dateTimeColumn } from "../../../lib/date-column";
import { usePageMeta } from "../../../lib/page-meta";
import { useInvitations, useResendInvite, useRevokeInvite } from "../api/members-queries";
import { useRoleLabel } from "../../../domain/role-label";

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
  const tableLabels = useDataTableLabels();
  const labels = useMemo(
    () => ({
      ...tableLabels,
      loading: t("members.pending.loading"),
      empty: t("members.pending.empty"),
    }),
    [tableLabels, t],
  );
  const { mutate: resendInvite, isPending: resending } = resend;
  const { reset } = revoke;
  const columns = useMemo<DataTableColumn<PendingInvitation>[]>(
    () => [
      {
        id: "email",
        header: t("members.pending.columns.email"),
        value: (invitation) => invitation.email,
        cell: (invitation) => <span className="break-all">{invitation.email}</span>,
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
            <span className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={resending}
                aria-label={t("members.pending.resendLabel", { email: invitation.email })}
                onClick={() =>
                  resendInvite(invitation.uuid, {
                    onSuccess: () =>
                      toast.success(t("members.pending.resent", { email: invitation.email })),
                    onError: (error) => toast.error(errorText.apiError(error)),
                  })
                }
              >
                {t("members.pending.resend")}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t("members.pending.revokeLabel", { email: invitation.email })}
                onClick={() => {
                  reset();
                  setRevoking(invitation);
                }}
              >
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
    <section aria-labelledby="pending-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Button asChild variant="link" className="self-start">
          <Link to="/settings/members">
            <ArrowLeft aria-hidden="true" />
            {t("members.pending.back")}
          </Link>
        </Button>
        <h2 id="pending-title" className="text-lg font-semibold text-ink">
          {t("members.pending.title")}
        </h2>
        <p className="text-sm text-ink-muted">{t("members.pending.description")}</p>
      </div>

      <DataTable
        data={invitations.data ?? []}
        columns={columns}
        getRowId={(invitation) => invitation.uuid}
        caption={t("members.pending.caption")}
        labels={labels}
        loading={invitations.isPending}
        error={invitations.isError ? errorText.apiError(invitations.error) : undefined}
        onRetry={() => void invitations.refetch()}
        exportFileName="pending-invitations"
      />

      <ConfirmDialog
        cancelLabel={t("common:actions.cancel")}
        closeLabel={t("common:actions.close")}
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t("members.pending.confirmRevoke.title")}
        description={t("members.pending.confirmRevoke.description", {
          email: revoking?.email ?? "",
        })}
        confirmLabel={t("members.pending.confirmRevoke.confirm")}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.uuid, {
            onSuccess: () => {
              toast.success(t("members.pending.confirmRevoke.revoked"));
              setRevoking(null);
            },
          });
        }}
        pending={revoke.isPending}
        error={revoke.isError ? errorText.apiError(revoke.error) : null}
      />
    </section>
  );
}
