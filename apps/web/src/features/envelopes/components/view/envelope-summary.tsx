import { EXPIRED_CANCEL_REASON, type EnvelopeDetail } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { useErrorText } from "../../../../lib/api/error-text";
import { formatDateTime } from "../../../../lib/format";
import { useRetrySeal } from "../../api/envelope-mutations";
import { EnvelopeStatusBadge } from "../envelope-status";
import { UndeliveredMails } from "./undelivered-mails";

/**
 * The envelope's card: its status and owner, its dates and signature level, why it was canceled,
 * when the team's retention policy will delete (or deleted) its documents, the mail not delivered
 * yet with why, and a failed sealing with its retry.
 */
export function EnvelopeSummary({
  envelope,
  language,
}: {
  envelope: EnvelopeDetail;
  language: string;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const retrySeal = useRetrySeal();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <EnvelopeStatusBadge status={envelope.status} />
          <span className="text-sm text-ink-muted">
            {t("web:view.owner", { name: envelope.owner.name || envelope.owner.email })}
          </span>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">{t("web:view.createdAt")}</dt>
            <dd className="text-ink">{formatDateTime(envelope.createdAt, language)}</dd>
          </div>
          {envelope.sentAt ? (
            <div>
              <dt className="text-ink-muted">{t("web:view.sentAt")}</dt>
              <dd className="text-ink">{formatDateTime(envelope.sentAt, language)}</dd>
            </div>
          ) : null}
          {envelope.completedAt ? (
            <div>
              <dt className="text-ink-muted">{t("web:view.completedAt")}</dt>
              <dd className="text-ink">{formatDateTime(envelope.completedAt, language)}</dd>
            </div>
          ) : null}
          {envelope.canceledAt ? (
            <div>
              <dt className="text-ink-muted">{t("web:view.canceledAt")}</dt>
              <dd className="text-ink">{formatDateTime(envelope.canceledAt, language)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-ink-muted">{t("web:view.level")}</dt>
            <dd className="text-ink">
              {t(`web:editor.options.level.${envelope.options.signatureLevel}`)}
            </dd>
          </div>
        </dl>
        {envelope.cancelReason ? (
          <p className="text-sm text-ink">
            {t("web:view.cancelReason", {
              reason:
                envelope.cancelReason === EXPIRED_CANCEL_REASON
                  ? t("web:view.expiredReason")
                  : envelope.cancelReason,
            })}
          </p>
        ) : null}
        {envelope.documentsDeletedAt ? (
          <p className="rounded-md border border-border bg-surface-muted p-3 text-sm text-ink">
            {t("web:retention.envelope.deletedOn", {
              date: formatDateTime(envelope.documentsDeletedAt, language),
            })}
          </p>
        ) : envelope.documentsDeleteAt ? (
          <p className="text-sm text-ink-muted">
            {t("web:retention.envelope.deleteOn", {
              date: formatDateTime(envelope.documentsDeleteAt, language),
            })}
          </p>
        ) : null}
        <UndeliveredMails mails={envelope.undeliveredMails ?? []} language={language} />
        {envelope.sealingFailedAt !== null && envelope.status === "signing" ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-danger p-3 text-sm text-danger"
          >
            <span>
              {t("web:view.sealing.failed", {
                date: formatDateTime(envelope.sealingFailedAt, language),
              })}
            </span>
            <PermittedButton
              permission="update Envelope"
              variant="secondary"
              size="sm"
              loading={retrySeal.isPending}
              onClick={() =>
                retrySeal.mutate(
                  { envelopeUuid: envelope.uuid },
                  {
                    onSuccess: () => toast.success(t("web:view.sealing.retried")),
                    onError: (error) => toast.error(errorText.apiError(error)),
                  },
                )
              }
            >
              {t("web:view.sealing.retry")}
            </PermittedButton>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
