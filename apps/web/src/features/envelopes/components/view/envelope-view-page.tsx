import { type EnvelopeDetail, type Recipient } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, Skeleton, buttonVariants } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import {
  Ban,
  Download,
  FileCheck2,
  FolderInput,
  LayoutTemplate,
  Mail,
  PenLine,
} from "lucide-react";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { PermittedButton } from "../../../../app/permissions/permitted-button";
import { useSession } from "../../../../app/session/session-context";
import { useErrorText } from "../../../../lib/api/error-text";
import { usePageMeta } from "../../../../lib/page-meta";
import { signingLinkOf, useSigningRequests } from "../../../../domain/signing-requests";
import { useCancelEnvelope, useDownloadEnvelope } from "../../api/envelope-mutations";
import { useEnvelope } from "../../api/envelope-queries";
import { CancelForm } from "../../forms/cancel-form";
import { ActivityLog } from "./activity-log";
import { EnvelopeAttachments } from "./envelope-attachments";
import { EnvelopeRecipients } from "./envelope-recipients";
import { EnvelopeSummary } from "./envelope-summary";
import { MoveDialog } from "./move-dialog";
import { ResendDialog } from "./resend-dialog";
import { SaveAsTemplateDialog } from "./save-as-template-dialog";
import { QueryLoadError } from "../../../../lib/load-failure";

/** /envelopes/{workspaceUuid}/{envelopeUuid}/view: a sent (or closed) envelope. */
export function EnvelopeViewPage({ envelopeUuid }: { envelopeUuid: string }) {
  const { t } = useTranslation(["web", "common"]);
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
    return <QueryLoadError query={envelope} />;
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
        <EnvelopeSummary envelope={envelope} language={language} />

        <EnvelopeRecipients
          envelope={envelope}
          open={open}
          language={language}
          onResend={setResending}
        />

        <EnvelopeAttachments envelopeUuid={envelope.uuid} />

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
