import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  DialogClose,
  DialogContent,
  DialogFooter,
  Dialog,
  FormField,
  Textarea,
} from "@paraphe/ui-kit";
import { useState, type FormEvent } from "react";

/** Spec §5/§9: a reason is required and under 500 characters (the contract's bound). */
export const DECLINE_REASON_MAX_LENGTH = 499;

export interface DeclineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecline: (reason: string) => void;
  declining: boolean;
  /** A signer declines; an approver rejects (the same reason rules, other words). */
  mode?: "decline" | "reject";
}

/** Decline (or reject) with a required reason; the text stays if the call fails. */
export function DeclineDialog({
  open,
  onOpenChange,
  onDecline,
  declining,
  mode = "decline",
}: DeclineDialogProps) {
  const { t } = useTranslation(["sign", "common"]);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === "") return setError(t("decline.required"));
    if (trimmed.length > DECLINE_REASON_MAX_LENGTH)
      return setError(t("decline.tooLong", { count: DECLINE_REASON_MAX_LENGTH }));
    setError(null);
    onDecline(trimmed);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(`${mode}.title`)}
        description={t(`${mode}.description`)}
        closeLabel={t("common:actions.close")}
      >
        <form noValidate onSubmit={submit}>
          <FormField
            label={t("decline.reason")}
            description={`${t("decline.reasonHint", { max: DECLINE_REASON_MAX_LENGTH })} ${reason.length} / ${DECLINE_REASON_MAX_LENGTH}`}
            error={error}
            required
          >
            <Textarea
              rows={4}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(null);
              }}
            />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t("common:actions.cancel")}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={declining}>
              {declining
                ? t(mode === "reject" ? "reject.rejecting" : "decline.declining")
                : t(`${mode}.confirm`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
