import { useTranslation } from "@paraphe/i18n/react";
import { Button, Card, CardContent, Skeleton, buttonVariants } from "@paraphe/ui-kit";
import { FileText, Mail } from "lucide-react";
import { useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { RequestStatusBadge, requestPreviewSrc } from "../../../domain/request-card";
import { isActionable, useSigningRequests } from "../../../domain/signing-requests";
import { RequestActions } from "./request-actions";

/**
 * /inbox/{uuid}: one request. Signing happens on the signing page (the public app), opened with the
 * member's own access link; declining (or rejecting) asks for a reason here.
 */
export function InboxDetailPage({ envelopeUuid }: { envelopeUuid: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user } = useSession();
  const requests = useSigningRequests();
  const request = requests.data?.find((item) => item.envelopeUuid === envelopeUuid);
  usePageMeta({
    title: request?.envelopeTitle ?? t("web:inbox.title"),
    back: { label: t("web:inbox.back"), onClick: () => void navigate("/inbox") },
  });

  if (requests.isPending) {
    return (
      <div>
        <span role="status" className="sr-only">
          {t("web:inbox.loading")}
        </span>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (requests.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t("web:inbox.loadError")} {errorText.apiError(requests.error)}
        <Button variant="secondary" size="sm" onClick={() => void requests.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  if (!request) {
    return (
      <div role="alert" className="flex flex-col gap-2 text-sm">
        <p className="font-medium text-ink">{t("web:inbox.notFound")}</p>
      </div>
    );
  }
  const preview = requestPreviewSrc(request);
  const actionable = isActionable(request);
  const approver = request.recipientKind === "approver";
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6 sm:flex-row">
        <div className="flex aspect-[1/1.414] w-full max-w-56 shrink-0 items-center justify-center overflow-hidden rounded-sm border border-border bg-white">
          {preview ? (
            <img
              src={preview}
              alt={t("web:inbox.previewAlt", { title: request.envelopeTitle })}
              className="size-full object-contain"
            />
          ) : (
            <FileText aria-hidden="true" className="size-10 text-ink-muted" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <h2 className="text-lg font-semibold break-words text-ink">{request.envelopeTitle}</h2>
          <span>
            <RequestStatusBadge request={request} />
          </span>
          <dl className="grid gap-1 text-sm">
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-muted">{t("web:inbox.from")}</dt>
              <dd className="text-ink">
                {request.sender.name
                  ? `${request.sender.name} (${request.sender.email})`
                  : request.sender.email}
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-muted">{t("web:inbox.receivedLabel")}</dt>
              <dd className="text-ink">
                {formatDateTime(request.recipientLink.creationDate, language)}
              </dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-muted">{t("web:inbox.documents")}</dt>
              <dd className="text-ink">{request.documents.length}</dd>
            </div>
          </dl>
          {actionable ? (
            <RequestActions request={request} />
          ) : (
            <p className="text-sm text-ink-muted">{t("web:inbox.nothingToDo")}</p>
          )}
          {actionable ? (
            <p className="text-xs text-ink-muted">
              {t(approver ? "web:inbox.approveHint" : "web:inbox.signHint")}
            </p>
          ) : null}
          {/* Not to the sender herself, when she is also a recipient. */}
          {user?.email.toLowerCase() === request.sender.email.toLowerCase() ? null : (
            <a
              href={`mailto:${request.sender.email}?subject=${encodeURIComponent(request.envelopeTitle)}`}
              className={buttonVariants({ variant: "ghost", className: "self-start" })}
            >
              <Mail aria-hidden="true" />
              {t("web:inbox.contactSender")}
            </a>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
