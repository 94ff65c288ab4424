import { EXPIRED_CANCEL_REASON } from "@paraphe/api-sdk/contract";
import { type EnvelopeDetail, type Recipient } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Badge,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogFooter,
  Label,
  Select,
  Skeleton,
  buttonVariants,
  toast,
  type BadgeVariant,
} from "@paraphe/ui-kit";
import {
  Ban,
  Download,
  FileCheck2,
  FolderInput,
  LayoutTemplate,
  Mail,
  PenLine,
  Send,
} from "lucide-react";
import { useId, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { useSession } from "../../../../app/session/session-context";
import { useErrorText } from "../../../../lib/api/error-text";
import { EnvelopeStatusBadge } from "../envelope-status";
import { formatDateTime } from "../../../../lib/format";
import { usePageMeta } from "../../../../lib/page-meta";
import { signingLinkOf, useSigningRequests } from "../../../../domain/signing-requests";
import {
  useCancelEnvelope,
  useDownloadEnvelope,
  useMoveEnvelope,
  useRetrySeal,
  useResendInvitation,
} from "../../api/envelope-mutations";
import { useEnvelope, useWorkspaces } from "../../api/envelope-queries";
import { CancelForm } from "../../forms/cancel-form";
import { SaveAsTemplateDialog } from "./save-as-template-dialog";
import { ActivityLog } from "./activity-log";

const RECIPIENT_VARIANTS: Record<Recipient["status"], BadgeVariant> = {
  pending: "warning",
  approved: "success",
  signed: "success",
  declined: "danger",
  canceled: "neutral",
};

/** /envelopes/{workspaceUuid}/{envelopeUuid}/view: a sent (or closed) envelope. */
export function EnvelopeViewPage({ envelopeUuid }: { envelopeUuid: string }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const envelope = useEnvelope(envelopeUuid);
  const navigate = useNavigate();
  usePageMeta({
    title: envelope.data?.title ?? t("web:view.loading"),
    back: { label: t("web:editor.back"), onClick: () => void navigate("/envelopes") },
  });
  if (envelope.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <span role="status" className="sr-only">
          {t("web:view.loading")}
        </span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (envelope.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {errorText.apiError(envelope.error)}
        <Button variant="secondary" size="sm" onClick={() => void envelope.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  }
  if (envelope.data.status === "draft") {
    return (
      <Navigate
        to={`/envelopes/${envelope.data.workspaceUuid}/${envelope.data.uuid}/edit`}
        replace
      />
    );
  }
  return <EnvelopeView envelope={envelope.data} />;
}

function EnvelopeView({ envelope }: { envelope: EnvelopeDetail }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const download = useDownloadEnvelope();
  const proof = useDownloadEnvelope();
  const cancel = useCancelEnvelope();
  const retrySeal = useRetrySeal();
  const requests = useSigningRequests();
  const [canceling, setCanceling] = useState(false);
  const [moving, setMoving] = useState(false);
  const [savingAsTemplate, setSavingAsTemplate] = useState(false);
  const [resending, setResending] = useState<Recipient | null>(null);
  const { user } = useSession();
  // The sender has no one to contact about her own envelope.
  const isSender = user !== null && sameEmail(user.email, envelope.owner.email);
  const complete = envelope.status === "complete";
  const open = envelope.status === "signing" || envelope.status === "approving";
  const request =
    envelope.callerRecipientUuid !== null
      ? requests.data?.find(
          (item) => item.envelopeUuid === envelope.uuid && item.recipientStatus === "pending",
        )
      : undefined;

  const downloadPdf = () =>
    download.mutate(
      { envelopeUuid: envelope.uuid, kind: complete ? "sealed" : "original" },
      { onError: (error) => toast.error(errorText.apiError(error)) },
    );
  const downloadProof = () => proof.mutate({ envelopeUuid: envelope.uuid, kind: "proof" });

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex flex-col gap-6">
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
                <dd className="text-ink">{envelope.options.signatureLevel}</dd>
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

        {/* By role: approvers (who approve before anyone signs) are not signers. */}
        {(["approver", "signer"] as const).map((kind) => {
          const recipients = envelope.recipients.filter((recipient) => recipient.kind === kind);
          if (recipients.length === 0) return null;
          const headingId = `${kind}s-heading`;
          return (
            <section key={kind} aria-labelledby={headingId} className="flex flex-col gap-3">
              <h2 id={headingId} className="text-base font-semibold text-ink">
                {t(
                  kind === "approver"
                    ? "web:view.signers.approversTitle"
                    : "web:view.signers.title",
                )}
              </h2>
              <ul className="flex flex-col gap-2">
                {recipients.map((recipient) => (
                  <li
                    key={recipient.uuid}
                    data-recipient-status={recipient.status}
                    className="flex flex-col gap-2 rounded-md border border-border p-3"
                  >
                    {/* Who, and where they are: the status always on the first line's right,
                        whatever follows (a decline's reason runs under both, full width). */}
                    <div className="flex items-start justify-between gap-3">
                      <div className="flex min-w-0 flex-col">
                        <span className="truncate text-sm font-medium text-ink">
                          {envelope.options.signingOrder === "sequential"
                            ? `${recipient.order}. `
                            : ""}
                          {recipientName(recipient)}
                        </span>
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
                            onClick={() => setResending(recipient)}
                          >
                            <Send aria-hidden="true" />
                            {t("web:view.resend.open")}
                          </PermittedButton>
                        ) : null}
                        <Badge variant={RECIPIENT_VARIANTS[recipient.status]}>
                          {t(`web:view.signers.status.${recipient.status}`)}
                        </Badge>
                        {recipient.signedAt || recipient.approvedAt || recipient.declinedAt ? (
                          <span className="text-xs whitespace-nowrap text-ink-muted">
                            {formatDateTime(
                              recipient.signedAt ?? recipient.approvedAt ?? recipient.declinedAt,
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
                ))}
              </ul>
            </section>
          );
        })}

        <ActivityLog envelopeUuid={envelope.uuid} />
      </div>

      <aside
        aria-label={t("web:view.actions")}
        className="order-first flex flex-col gap-2 sm:flex-row sm:flex-wrap lg:sticky lg:top-4 lg:order-none lg:flex-col"
      >
        {request ? (
          <a href={signingLinkOf(request)} className={buttonVariants({ className: "w-full" })}>
            <PenLine aria-hidden="true" />
            {request.recipientKind === "approver" ? t("web:view.approve") : t("web:view.sign")}
          </a>
        ) : null}
        <Button variant="secondary" loading={download.isPending} onClick={downloadPdf}>
          <Download aria-hidden="true" />
          {complete ? t("web:view.downloadSealed") : t("web:view.downloadOriginal")}
        </Button>
        {complete ? (
          <Button variant="secondary" loading={proof.isPending} onClick={downloadProof}>
            <FileCheck2 aria-hidden="true" />
            {t("web:view.downloadProof")}
          </Button>
        ) : null}
        {proof.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t("web:view.proofError")}
          </p>
        ) : null}
        {isSender ? null : (
          <a
            href={`mailto:${envelope.owner.email}?subject=${encodeURIComponent(envelope.title)}`}
            className={buttonVariants({ variant: "secondary", className: "w-full" })}
          >
            <Mail aria-hidden="true" />
            {t("web:view.contactSender", { email: envelope.owner.email })}
          </a>
        )}
        <PermittedButton
          permission="create Template"
          variant="secondary"
          onClick={() => setSavingAsTemplate(true)}
        >
          <LayoutTemplate aria-hidden="true" />
          {t("web:view.saveAsTemplate.open")}
        </PermittedButton>
        <PermittedButton
          permission="update Envelope"
          variant="secondary"
          onClick={() => setMoving(true)}
        >
          <FolderInput aria-hidden="true" />
          {t("web:view.move.open")}
        </PermittedButton>
        {open ? (
          <PermittedButton
            permission="update Envelope"
            variant="danger"
            onClick={() => {
              cancel.reset();
              setCanceling(true);
            }}
          >
            <Ban aria-hidden="true" />
            {t("web:view.cancel.open")}
          </PermittedButton>
        ) : null}
      </aside>

      <Dialog open={canceling} onOpenChange={setCanceling}>
        <DialogContent
          title={t("web:view.cancel.title")}
          description={t("web:view.cancel.description")}
          closeLabel={t("common:actions.close")}
        >
          <CancelForm
            error={cancel.error}
            onClose={() => setCanceling(false)}
            onSubmit={async (reason) => {
              await cancel.mutateAsync({ envelopeUuid: envelope.uuid, reason });
              setCanceling(false);
              toast.success(t("web:view.cancel.done"));
            }}
          />
        </DialogContent>
      </Dialog>

      <MoveDialog open={moving} onOpenChange={setMoving} envelope={envelope} />
      <SaveAsTemplateDialog
        open={savingAsTemplate}
        onOpenChange={setSavingAsTemplate}
        envelope={envelope}
      />
      <ResendDialog envelope={envelope} recipient={resending} onClose={() => setResending(null)} />
    </div>
  );
}

function sameEmail(one: string, other: string): boolean {
  return one.trim().toLowerCase() === other.trim().toLowerCase();
}

function recipientName(recipient: Recipient): string {
  return `${recipient.firstname} ${recipient.lastname}`.trim() || recipient.email;
}

/** A recipient who was invited and has not answered: in sequential order, everyone before signed. */
/**
 * The server's rule (`/envelope/resend-invitation`): a recipient who was invited and has not acted.
 * A later signer in sequential order, or a signer while approvers approve, is not invited yet.
 */
function canResend(recipient: Recipient): boolean {
  return recipient.status === "pending" && recipient.invitedAt !== null;
}

/** Confirms, then mails the recipient a new link; the previous one stops working. */
function ResendDialog({
  envelope,
  recipient,
  onClose,
}: {
  envelope: EnvelopeDetail;
  recipient: Recipient | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const resend = useResendInvitation();
  return (
    <Dialog
      open={recipient !== null}
      onOpenChange={(next) => {
        if (!next) {
          resend.reset();
          onClose();
        }
      }}
    >
      <DialogContent
        title={t("web:view.resend.title")}
        description={t("web:view.resend.description", { email: recipient?.email ?? "" })}
        closeLabel={t("common:actions.close")}
      >
        {resend.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorText.apiError(resend.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            {t("web:view.resend.keep")}
          </Button>
          <Button
            loading={resend.isPending}
            onClick={() => {
              if (recipient === null) return;
              resend.mutate(
                { envelopeUuid: envelope.uuid, recipientUuid: recipient.uuid },
                {
                  onSuccess: () => {
                    onClose();
                    resend.reset();
                    toast.success(t("web:view.resend.done", { email: recipient.email }));
                  },
                },
              );
            }}
          >
            {t("web:view.resend.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MoveDialog({
  open,
  onOpenChange,
  envelope,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  envelope: EnvelopeDetail;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const workspaces = useWorkspaces();
  const move = useMoveEnvelope();
  const navigate = useNavigate();
  const selectId = useId();
  const others = (workspaces.data ?? []).filter(
    (workspace) => workspace.uuid !== envelope.workspaceUuid,
  );
  const [target, setTarget] = useState("");
  const chosen = target || others[0]?.uuid || "";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) move.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t("web:view.move.title")}
        description={t("web:view.move.description")}
        closeLabel={t("common:actions.close")}
      >
        {workspaces.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : others.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("web:view.move.none")}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={selectId}>{t("web:view.move.workspace")}</Label>
            <Select
              id={selectId}
              value={chosen}
              onValueChange={setTarget}
              options={others.map((workspace) => ({
                value: workspace.uuid,
                label: workspace.name,
              }))}
            />
          </div>
        )}
        {move.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorText.apiError(move.error)}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            disabled={!chosen}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { envelopeUuid: envelope.uuid, workspaceUuid: chosen },
                {
                  onSuccess: (moved) => {
                    onOpenChange(false);
                    toast.success(t("web:view.move.done"));
                    void navigate(`/envelopes/${moved.workspaceUuid}/${moved.uuid}/view`, {
                      replace: true,
                    });
                  },
                },
              )
            }
          >
            {t("web:view.move.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
