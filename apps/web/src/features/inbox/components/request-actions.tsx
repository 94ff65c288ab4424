import { type SigningRequest } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, buttonVariants } from "@paraphe/ui-kit";
import { PenLine, XCircle } from "lucide-react";
import { useState } from "react";
import { signingLinkOf } from "../../../domain/signing-requests";
import { DeclineRequestDialog } from "./decline-request-dialog";

/**
 * Sign (or approve) and decline (or reject) a pending request: signing opens the signing page with
 * the member's own link (the pages are read there first); declining asks for a reason here.
 * `size="sm"` on the cards, where the title names which request the buttons act on.
 */
export function RequestActions({
  request,
  size = "md",
}: {
  request: SigningRequest;
  size?: "sm" | "md";
}) {
  const { t } = useTranslation("web");
  const [declining, setDeclining] = useState(false);
  const approver = request.recipientKind === "approver";
  const compact = size === "sm";
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={signingLinkOf(request)}
        className={buttonVariants({ size: compact ? "sm" : "md" })}
        aria-label={
          compact
            ? t(approver ? "inbox.approveLabel" : "inbox.signLabel", {
                title: request.envelopeTitle,
              })
            : undefined
        }
      >
        <PenLine aria-hidden="true" />
        {t(approver ? "inbox.approve" : "inbox.sign")}
      </a>
      <Button
        variant="secondary"
        size={compact ? "sm" : "md"}
        aria-label={
          compact
            ? t(approver ? "inbox.rejectLabel" : "inbox.declineLabel", {
                title: request.envelopeTitle,
              })
            : undefined
        }
        onClick={() => setDeclining(true)}
      >
        <XCircle aria-hidden="true" />
        {t(approver ? "inbox.reject" : "inbox.decline")}
      </Button>
      <DeclineRequestDialog request={request} open={declining} onOpenChange={setDeclining} />
    </div>
  );
}
