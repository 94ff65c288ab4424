import { CANCEL_REASON_MAX_LENGTH, cancelReasonSchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Textarea } from "@paraphe/ui-kit";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";

const cancelFormSchema = z.object({ reason: cancelReasonSchema });
type CancelFormValues = z.input<typeof cancelFormSchema>;

/** The reason of a cancellation (spec §5: required, under 500 characters), with a counter. */
export function CancelForm({
  onSubmit,
  onClose,
  error,
}: {
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  error: unknown;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const form = useForm<CancelFormValues, unknown, z.output<typeof cancelFormSchema>>({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { reason: "" },
  });
  const reason = useWatch({ control: form.control, name: "reason" });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.reason);
    } catch (failure) {
      const problem = fieldErrorProblem(failure, "reason");
      if (problem) form.setError("reason", problem);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {error && !fieldErrorWord(error, "reason") ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(error)}
        </p>
      ) : null}
      <FormField
        label={t("web:view.cancel.reason")}
        required
        description={t("web:view.cancel.count", {
          length: reason.length,
          max: CANCEL_REASON_MAX_LENGTH,
        })}
        error={errorText.validation(errors.reason)}
      >
        <Textarea rows={4} maxLength={CANCEL_REASON_MAX_LENGTH} {...form.register("reason")} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("web:view.cancel.keep")}
        </Button>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          {t("web:view.cancel.confirm")}
        </Button>
      </div>
    </form>
  );
}
