import { type EnvelopeDetail, type Recipient } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, type BadgeVariant } from "@paraphe/ui-kit";
import { Send } from "lucide-react";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { formatDateTime } from "../../../../lib/format";
import { groupBySteps } from "../../signing-steps";

const RECIPIENT_VARIANTS: Record<Recipient["status"], BadgeVariant> = {
  pending: "warning",
  approved: "success",
  signed: "success",
  viewed: "success",
  declined: "danger",
  canceled: "neutral",
};
function recipientName(recipient: Recipient): string {
  return `${recipient.firstname} ${recipient.lastname}`.trim() || recipient.email;
}

/**
 * The server's rule (`/envelope/resend-invitation`): a recipient who was invited and has not acted.
 * A later signer in sequential order, or a signer while approvers approve, is not invited yet.
 */
function canResend(recipient: Recipient): boolean {
  return recipient.status === "pending" && recipient.invitedAt !== null;
}

/**
 * The envelope's recipients, by signing step when there are several (else by role), the copies
 * last: each with where they are, when they acted, why they declined,
 * and, while the envelope is open, a new invitation for those who have not acted.
 */
export function EnvelopeRecipients({
  envelope,
  open,
  language,
  onResend,
}: {
  envelope: EnvelopeDetail;
  open: boolean;
  language: string;
  onResend: (recipient: Recipient) => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  // Copies act in no step: they are listed apart, after those who act.
  const acting = envelope.recipients.filter((recipient) => recipient.kind !== "cc");
  const copies = envelope.recipients.filter((recipient) => recipient.kind === "cc");
  const steps = groupBySteps(acting);
  const row = (recipient: Recipient) => (
    <li
      key={recipient.uuid}
      data-recipient-status={recipient.status}
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      {/* Who, and where they are: the status always on the first line's right,
            whatever follows (a decline's reason runs under both, full width). */}
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-medium text-ink">{recipientName(recipient)}</span>
          <span className="truncate text-xs text-ink-muted">{recipient.email}</span>
          <span className="text-xs text-ink-muted">
            {t(`web:editor.recipients.roles.${recipient.kind}`)}
          </span>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          {open && canResend(recipient) ? (
            <PermittedButton
              permission="update Envelope"
              variant="ghost"
              size="sm"
              aria-label={t("web:view.resend.label", {
                name: recipientName(recipient),
              })}
              onClick={() => onResend(recipient)}
            >
              <Send aria-hidden="true" />
              {t("web:view.resend.open")}
            </PermittedButton>
          ) : null}
          {recipient.kind === "cc" ? (
            // A copy acts on nothing: it is sent the result when the envelope completes.
            <Badge variant={envelope.status === "complete" ? "success" : "neutral"}>
              {t(
                envelope.status === "complete"
                  ? "web:view.signers.copySent"
                  : "web:view.signers.copyPending",
              )}
            </Badge>
          ) : (
            <Badge variant={RECIPIENT_VARIANTS[recipient.status]}>
              {t(`web:view.signers.status.${recipient.status}`)}
            </Badge>
          )}
          {recipient.signedAt ||
          recipient.approvedAt ||
          recipient.viewedAt ||
          recipient.declinedAt ? (
            <span className="text-xs whitespace-nowrap text-ink-muted">
              {formatDateTime(
                recipient.signedAt ??
                  recipient.approvedAt ??
                  recipient.viewedAt ??
                  recipient.declinedAt ??
                  null,
                language,
              )}
            </span>
          ) : null}
        </div>
      </div>
      {recipient.declineReason ? (
        <p className="text-xs break-words text-ink-muted">
          {t("web:view.signers.declineReason", { reason: recipient.declineReason })}
        </p>
      ) : null}
    </li>
  );
  return (
    <>
      {steps.length > 1
        ? // In steps: each step's people, who act once the earlier steps have ended.
          steps.map(({ step, entries }) => (
            <section
              key={step}
              aria-labelledby={`step-${step}-heading`}
              className="flex flex-col gap-3"
            >
              <h2 id={`step-${step}-heading`} className="text-base font-semibold text-ink">
                {t("web:editor.signingOrder.step", { number: step })}
              </h2>
              <ul className="flex flex-col gap-2">{entries.map(({ item }) => row(item))}</ul>
            </section>
          ))
        : // One step, by role: approvers (who approve before the signers sign), then signers,
          // then viewers (who read every page).
          (["approver", "signer", "viewer"] as const).map((kind) => {
            const recipients = envelope.recipients.filter((recipient) => recipient.kind === kind);
            if (recipients.length === 0) return null;
            const headingId = `${kind}s-heading`;
            return (
              <section key={kind} aria-labelledby={headingId} className="flex flex-col gap-3">
                <h2 id={headingId} className="text-base font-semibold text-ink">
                  {t(
                    kind === "approver"
                      ? "web:view.signers.approversTitle"
                      : kind === "viewer"
                        ? "web:view.signers.viewersTitle"
                        : "web:view.signers.title",
                  )}
                </h2>
                <ul className="flex flex-col gap-2">{recipients.map(row)}</ul>
              </section>
            );
          })}
      {copies.length > 0 ? (
        <section aria-labelledby="copies-heading" className="flex flex-col gap-3">
          <h2 id="copies-heading" className="text-base font-semibold text-ink">
            {t("web:view.signers.copiesTitle")}
          </h2>
          <ul className="flex flex-col gap-2">{copies.map(row)}</ul>
        </section>
      ) : null}
    </>
  );
}
