import { type SigningRequest } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Card, type BadgeVariant } from "@paraphe/ui-kit";
import { FileText } from "lucide-react";
import { type ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../lib/format";
import { requestCardStatus, type RequestCardStatus } from "./signing-requests";

const VARIANTS: Record<RequestCardStatus, BadgeVariant> = {
  signing: "warning",
  complete: "success",
  declined: "danger",
};

/**
 * The status of a request card, after the spec §4 mapping, in the recipient's words: an approver's
 * pending request "requires your approval".
 */
export function RequestStatusBadge({ request }: { request: SigningRequest }) {
  const { t } = useTranslation("web");
  const status = requestCardStatus(request.recipientStatus);
  const label =
    status === "signing" && request.recipientKind === "approver"
      ? t("requests.status.approval")
      : t(`requests.status.${status}`);
  return <Badge variant={VARIANTS[status]}>{label}</Badge>;
}

/** The preview of a request's first document as an image source (a URL or base64 PNG). */
export function requestPreviewSrc(request: SigningRequest): string | null {
  const preview = request.documents[0]?.preview;
  if (!preview) return null;
  if (/^(data:|https?:|blob:)/.test(preview)) return preview;
  return `data:image/png;base64,${preview}`;
}

/**
 * A request card (spec §3): title, status, owner name and email, dates, preview image; `actions`
 * (the inbox's sign and decline) below the link to the request.
 */
export function RequestCard({
  request,
  actions,
}: {
  request: SigningRequest;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const preview = requestPreviewSrc(request);
  const date = request.recipientLink.creationDate;
  return (
    <Card className="overflow-hidden">
      <Link
        to={`/inbox/${request.envelopeUuid}`}
        className="flex gap-3 p-3 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <div className="flex h-20 w-16 shrink-0 items-center justify-center overflow-hidden rounded-sm border border-border bg-white">
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : (
            <FileText aria-hidden="true" className="size-6 text-ink-muted" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="truncate font-medium text-ink">{request.envelopeTitle}</span>
          <span>
            <RequestStatusBadge request={request} />
          </span>
          <span className="truncate text-xs text-ink-muted">
            {request.sender.name ? `${request.sender.name} · ` : ""}
            {request.sender.email}
          </span>
          <span className="text-xs text-ink-muted">
            {t("inbox.received", { date: formatDateTime(date, language) })}
          </span>
        </div>
      </Link>
      {actions ? <div className="border-t border-border px-3 py-2">{actions}</div> : null}
    </Card>
  );
}
