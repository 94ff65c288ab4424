import { type EnvelopeDetail, type Recipient } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Dialog, DialogContent, DialogFooter } from "@paraphe/ui-kit";
import { toast } from "../../../../lib/toast";
import { useErrorText } from "../../../../lib/api/error-text";
import { useResendInvitation } from "../../api/envelope-mutations";

/** Confirms, then mails the recipient a new link; the previous one stops working. */
export function ResendDialog({
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
