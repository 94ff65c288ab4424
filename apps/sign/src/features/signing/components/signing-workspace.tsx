import { FIELD_VALUE_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { toast } from "@paraphe/ui-kit";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import {
  useApi,
  type AccessLink,
  type OpenedEnvelope,
  type SignatureInput,
} from "../../../lib/api";
import { useNavigate } from "../../../app/navigation";
import { type ConfirmationState } from "../../../domain/confirmation-state";
import { useBranding } from "../../../lib/branding";
import { SigningLinkContext } from "../lib/signing-link";
import { signingErrorKey, verificationRequired } from "../lib/access-error";
import { signingKeys } from "../api/signing-queries";
import { accessErrorKind } from "../lib/access-error";
import { initialsOf, valuesToSend } from "../lib/field-values";
import { useDelegation } from "../lib/use-delegation";
import { useFieldEntries } from "../lib/use-field-entries";
import { useIntentReplay } from "../lib/use-intent-replay";
import { usePageReading } from "../lib/use-page-reading";
import { emptyDraft, type SignatureDraft } from "../lib/signature-draft";
import { ActionBar } from "./action-bar";
import { DeclineDialog } from "./decline-dialog";
import { embedding, postEmbedEvent } from "../../../domain/embed";
import { DelegateDialog } from "./delegate-dialog";
import { DocumentReader } from "./document-reader";
import { DocumentPage } from "./document-page";
import { type SigningIntent } from "../lib/signing-intent";
import { EnvelopeHeader } from "./envelope-header";
import { VerificationDialog } from "./verification-dialog";
import type { QualifiedSignature } from "./qualified-signature-dialog";
import { qualifiedErrorKey } from "../lib/qualified-error";

// The pad, the handwriting fonts and the swipe arrive only when the signer is about to sign.
const loadSignatureDialog = () => import("./signature-dialog");
const SignatureDialog = lazy(loadSignatureDialog);
// At the qualified level only: the provider's sign-in, the certificate and its PIN.
const QualifiedSignatureDialog = lazy(() =>
  import("./qualified-signature-dialog").then((module) => ({
    default: module.QualifiedSignatureDialog,
  })),
);

/**
 * The signing page proper: the envelope, its pages with the fields, and the sign/decline bar (and,
 * when the sender allows it, handing the turn to someone else); for an approver, the pages and the
 * approve/reject bar; for a viewer, the pages and "I have read the document".
 */
export function SigningWorkspace({
  link,
  opened,
  intent = null,
}: {
  link: AccessLink;
  opened: OpenedEnvelope;
  /** A tap made on the first page's view before this code was there: done as it mounts. */
  intent?: SigningIntent | null;
}) {
  const { t } = useTranslation("sign");
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { envelope, recipient, fields } = opened;
  const approver = recipient.kind === "approver";
  const viewer = recipient.kind === "viewer";
  // Signers only, and only when the sender allows it.
  const canDelegate = recipient.kind === "signer" && envelope.allowDelegation === true;
  useDocumentTitle(envelope.title);

  const { values, onChange, missingFields, missing, showMissing } = useFieldEntries(opened);

  const fullName = `${recipient.firstname} ${recipient.lastname}`.trim();
  const needsInitials = fields.some((field) => field.kind === "initials");
  const [signatureDraft, setSignatureDraft] = useState<SignatureDraft>(() => emptyDraft(fullName));
  const [initialsDraft, setInitialsDraft] = useState<SignatureDraft>(() =>
    emptyDraft(initialsOf(fullName)),
  );
  const [signOpen, setSignOpen] = useState(false);
  const [signMounted, setSignMounted] = useState(false);
  const [declineOpen, setDeclineOpen] = useState(false);
  // The check the sender asked for (a code mailed to the signer) comes once the signer goes to sign:
  // they read first, then prove the address before their signature is taken.
  const [verifiedAt, setVerifiedAt] = useState(recipient.verifiedAt ?? null);
  const [verifyOpen, setVerifyOpen] = useState(false);
  // Set when the server refused a signature for want of the check (this page's state was older).
  const [checkDemanded, setCheckDemanded] = useState(false);
  // Only a signer is ever checked: approvers and viewers sign nothing.
  const needsCheck =
    recipient.kind === "signer" &&
    (checkDemanded ||
      (recipient.verification !== undefined &&
        recipient.verification !== "none" &&
        verifiedAt === null));

  // Opens the envelope again after the recipient acted (or the link stopped working): only the open
  // call, not the page previews under the same key, which the new state may refuse (a declined
  // recipient's link no longer serves pages) and which the page stops showing anyway.
  const reopen = () =>
    queryClient.invalidateQueries({
      queryKey: signingKeys.envelope(link.envelopeUuid),
      exact: true,
    });

  // The link stopped working while the page was open (a resent invitation, the envelope ended):
  // say so, then open it again, which shows the envelope's outcome or the spec's link error.
  const linkSpent = (error: unknown): boolean => {
    if (accessErrorKind(error) !== "invalidLink") return false;
    setSignOpen(false);
    setDeclineOpen(false);
    toast.error(t("errors.invalidLink.title"));
    void reopen();
    return true;
  };

  const { readCount, pageCount, allRead, readerRef, onShown } = usePageReading({
    link,
    opened,
    onError: (error) => {
      if (!linkSpent(error)) toast.error(t("errors.markingRead"));
    },
  });

  useEffect(() => {
    if (allRead && recipient.kind === "signer") void loadSignatureDialog();
  }, [allRead, recipient.kind]);

  // At QES the drawn signature waits here while the signer signs in at their provider.
  const qualifiedLevel = envelope.signatureLevel === "QES";
  const [pendingSignature, setPendingSignature] = useState<{
    signature: SignatureInput;
    initials: string | undefined;
  } | null>(null);

  // The zone on the page opens the pad as the bar's Sign does, or says what is left before it can.
  const openSignature = () => {
    // The qualified step is open with the signature drawn: nothing else opens over it (a key
    // pressed as the pad closed lands on the bar's Sign).
    if (qualifiedLevel && pendingSignature !== null) return;
    if (needsCheck) {
      setVerifyOpen(true);
      return;
    }
    setSignMounted(true);
    setSignOpen(true);
  };
  const onVerified = (at: string) => {
    setVerifiedAt(at);
    setCheckDemanded(false);
    setVerifyOpen(false);
    toast.success(
      t(
        recipient.verification === "sms_code"
          ? "verification.sms.verified"
          : recipient.verification === "account"
            ? "verification.account.verified"
            : "verification.verified",
      ),
    );
    setSignMounted(true);
    setSignOpen(true);
  };
  const onSignatureZoneRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    onSignatureZoneRef.current = () => {
      if (!allRead) toast.info(t("reader.readAll"));
      else if (missingFields.length > 0) {
        showMissing();
        toast.info(t("fields.missing", { count: missingFields.length }));
      } else openSignature();
    };
  });
  const onSignatureZone = useCallback(() => onSignatureZoneRef.current(), []);

  // The confirmation keeps the team's look: the route change remounts the branding's holder.
  const branding = useBranding();
  const sign = useMutation({
    mutationFn: (input: {
      signature: SignatureInput;
      initials: string | undefined;
      qualified?: QualifiedSignature;
    }) =>
      api.envelope.sign({
        ...link,
        signature: input.signature,
        ...(input.initials ? { initials: input.initials } : {}),
        values: valuesToSend(fields, values),
        ...(input.qualified === undefined ? {} : { qualified: input.qualified }),
      }),
    onSuccess: (result) => {
      // `completed` comes from the confirmation page, once the envelope is sealed.
      postEmbedEvent({ type: "signed", payload: { envelopeUuid: link.envelopeUuid } });
      const state: ConfirmationState = {
        envelopeUuid: link.envelopeUuid,
        email: recipient.email,
        envelopeStatus: result.envelopeStatus,
        branding,
      };
      navigate("/confirmation", { state });
      void reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      if (verificationRequired(error)) {
        // The server asks for the check this page thought done or not needed: ask for the code,
        // then the pad opens again with what was drawn.
        setVerifiedAt(null);
        setCheckDemanded(true);
        setSignOpen(false);
        setVerifyOpen(true);
        return;
      }
      // The qualified step says what its provider refused, where the signer can try again.
      if (qualifiedErrorKey(error) !== null) return;
      toast.error(t(signingErrorKey(error), { max: FIELD_VALUE_MAX_LENGTH }));
    },
  });

  const decline = useMutation({
    mutationFn: (reason: string) => api.envelope.decline({ ...link, reason }),
    onSuccess: async () => {
      postEmbedEvent({ type: "declined", payload: { envelopeUuid: link.envelopeUuid } });
      setDeclineOpen(false);
      await reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      toast.error(t("errors.declining"));
    },
  });

  const approve = useMutation({
    mutationFn: () => api.envelope.approve(link),
    onSuccess: async () => {
      await reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      toast.error(t("errors.approving"));
    },
  });

  const markDocumentRead = useMutation({
    mutationFn: () => api.envelope.markRead(link),
    onSuccess: async () => {
      await reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      toast.error(t("errors.markingDocumentRead"));
    },
  });

  const delegation = useDelegation({ link, canDelegate, linkSpent, reopen });

  const reject = useMutation({
    mutationFn: (reason: string) => api.envelope.reject({ ...link, reason }),
    onSuccess: async () => {
      setDeclineOpen(false);
      await reopen();
    },
    onError: (error) => {
      if (linkSpent(error)) return;
      toast.error(t("errors.rejecting"));
    },
  });

  const onSign = () => {
    if (approver) {
      if (!approve.isPending) approve.mutate();
      return;
    }
    // A viewer's reading is confirmed by the click, never by a hover or a focus.
    if (viewer) {
      if (!markDocumentRead.isPending) markDocumentRead.mutate();
      return;
    }
    openSignature();
  };
  // The embedding site may leave declining out (`decline=0`); an approver can always reject.
  const onDecline =
    approver || embedding().options.allowDecline ? () => setDeclineOpen(true) : undefined;

  // A tap made on the first page's view before this code came: done now, once.
  const openField = useIntentReplay({
    intent,
    fields,
    values,
    // As the bar allows it: every page read, the required fields filled.
    canSign: allRead && (approver || viewer || missingFields.length === 0),
    onSign,
    onDecline,
    openDelegation: delegation.openDelegation,
    onChange,
    onSignatureZone,
  });

  return (
    <div className="flex flex-col gap-6">
      <EnvelopeHeader
        envelope={envelope}
        kind={recipient.kind}
        onDelegate={delegation.openDelegation}
      />

      <SigningLinkContext value={link}>
        <DocumentReader
          opened={opened}
          values={values}
          readerRef={readerRef}
          renderPage={(page) => (
            <DocumentPage
              {...page}
              link={link}
              values={values}
              missing={missing}
              onChange={onChange}
              onShown={onShown}
              onSignatureZone={onSignatureZone}
              openField={openField}
            />
          )}
        />
      </SigningLinkContext>

      <ActionBar
        readCount={readCount}
        pageCount={pageCount}
        missingCount={approver || viewer ? 0 : missingFields.length}
        mode={approver ? "approve" : viewer ? "view" : "sign"}
        busy={approve.isPending || markDocumentRead.isPending}
        onSign={onSign}
        onDecline={onDecline}
        onPrefetchSign={() => {
          if (recipient.kind === "signer") void loadSignatureDialog();
        }}
      />

      {needsCheck ? (
        <VerificationDialog
          open={verifyOpen}
          onOpenChange={setVerifyOpen}
          link={link}
          email={recipient.email}
          channel={checkChannel(recipient.verification)}
          senderName={envelope.sender.name}
          onVerified={onVerified}
        />
      ) : null}

      <DeclineDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        mode={approver ? "reject" : "decline"}
        onDecline={(reason) => (approver ? reject.mutate(reason) : decline.mutate(reason))}
        declining={approver ? reject.isPending : decline.isPending}
      />

      {canDelegate ? (
        <DelegateDialog
          open={delegation.open}
          onOpenChange={delegation.setOpen}
          onDelegate={delegation.onDelegate}
          delegating={delegation.delegating}
          refused={delegation.refused}
        />
      ) : null}

      {signMounted ? (
        <Suspense fallback={null}>
          <SignatureDialog
            open={signOpen}
            onOpenChange={setSignOpen}
            needsInitials={needsInitials}
            signature={signatureDraft}
            onSignatureChange={setSignatureDraft}
            initials={initialsDraft}
            onInitialsChange={setInitialsDraft}
            onSign={(signature, initials) => {
              if (!qualifiedLevel) return sign.mutateAsync({ signature, initials });
              // The qualified certificate's step comes next, with what was drawn kept.
              setPendingSignature({ signature, initials });
              setSignOpen(false);
              return Promise.resolve();
            }}
          />
        </Suspense>
      ) : null}

      {qualifiedLevel && pendingSignature !== null ? (
        <Suspense fallback={null}>
          <QualifiedSignatureDialog
            open
            onOpenChange={(open) => {
              if (!open) setPendingSignature(null);
            }}
            link={link}
            senderName={envelope.sender.name}
            onSign={(qualified) => sign.mutateAsync({ ...pendingSignature, qualified })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** How the signer's check goes, for the verification dialog. */
function checkChannel(verification: string | undefined): "email" | "sms" | "account" {
  if (verification === "sms_code") return "sms";
  return verification === "account" ? "account" : "email";
}
