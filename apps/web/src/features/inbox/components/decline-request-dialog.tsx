import {
  DECLINE_REASON_MAX_LENGTH,
  declineEnvelopeRequestSchema,
  type SigningRequest,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Textarea,
} from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { useForm, useWatch } from "react-hook-form";
import { type z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";
import { useDeclineRequest } from "../api/inbox-mutations";

/** The reason, by the rules of the api's decline (and reject): required, trimmed, under 500. */
const declineFormSchema = declineEnvelopeRequestSchema.pick({ reason: true });
type DeclineFormInput = z.input<typeof declineFormSchema>;
type DeclineFormOutput = z.output<typeof declineFormSchema>;

/**
 * Declines a request of the inbox (a signer) or rejects it (an approver) with a required reason,
 * the signing page's rules and words; the text stays when the call fails.
 */
export function DeclineRequestDialog({
  request,
  open,
  onOpenChange,
}: {
  request: SigningRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["web", "common"]);
  const reject = request.recipientKind === "approver";
  const words = reject ? "web:inbox.rejectDialog" : "web:inbox.declineDialog";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(`${words}.title`)}
        description={t(`${words}.description`)}
        closeLabel={t("common:actions.close")}
      >
        {open ? <DeclineRequestForm request={request} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DeclineRequestForm({ request, onDone }: { request: SigningRequest; onDone: () => void }) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const decline = useDeclineRequest();
  const reject = request.recipientKind === "approver";
  const form = useForm<DeclineFormInput, unknown, DeclineFormOutput>({
    resolver: zodResolver(declineFormSchema),
    defaultValues: { reason: "" },
  });
  const reason = useWatch({ control: form.control, name: "reason" });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await decline.mutateAsync({ request, reason: values.reason });
      toast.success(
        t(reject ? "web:inbox.rejectDialog.done" : "web:inbox.declineDialog.done", {
          title: request.envelopeTitle,
        }),
      );
      onDone();
    } catch (failure) {
      const problem = fieldErrorProblem(failure, "reason");
      if (problem) form.setError("reason", problem);
    }
  });

  const failure = decline.error;
  const reasonError =
    errors.reason?.message === "required"
      ? t("web:inbox.declineDialog.required")
      : errors.reason?.message === "too_long"
        ? t("web:inbox.declineDialog.tooLong", { count: DECLINE_REASON_MAX_LENGTH })
        : errorText.validation(errors.reason);
  return (
    <form noValidate onSubmit={submit}>
      {failure && !fieldErrorWord(failure, "reason") ? (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {t(reject ? "web:inbox.rejectDialog.failed" : "web:inbox.declineDialog.failed")}{" "}
          {errorText.apiError(failure)}
        </p>
      ) : null}
      <FormField
        label={t("web:inbox.declineDialog.reason")}
        description={`${t("web:inbox.declineDialog.reasonHint", { max: DECLINE_REASON_MAX_LENGTH })} ${reason.length} / ${DECLINE_REASON_MAX_LENGTH}`}
        error={reasonError}
        required
      >
        <Textarea rows={4} {...form.register("reason")} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t("common:actions.cancel")}</Button>
        </DialogClose>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          {isSubmitting
            ? t(reject ? "web:inbox.rejectDialog.rejecting" : "web:inbox.declineDialog.declining")
            : t(reject ? "web:inbox.rejectDialog.confirm" : "web:inbox.declineDialog.confirm")}
        </Button>
      </DialogFooter>
    </form>
  );
}
