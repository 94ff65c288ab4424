import { SUPPORT_MESSAGE_MAX_LENGTH, supportMessageBodySchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Textarea } from "@paraphe/ui-kit";
import { Send } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";

const messageFormSchema = z.object({ body: supportMessageBodySchema });
type MessageFormValues = z.input<typeof messageFormSchema>;

/**
 * A message to support or an operator's answer: required, at most SUPPORT_MESSAGE_MAX_LENGTH
 * characters (the contract's rule), with a counter. The field empties once the message is sent.
 */
export function MessageForm({
  label,
  submitLabel,
  onSubmit,
  error,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<unknown>;
  error: unknown;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const form = useForm<MessageFormValues, unknown, z.output<typeof messageFormSchema>>({
    resolver: zodResolver(messageFormSchema),
    defaultValues: { body: "" },
  });
  const body = useWatch({ control: form.control, name: "body" });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.body);
      form.reset({ body: "" });
    } catch (failure) {
      const problem = fieldErrorProblem(failure, "body");
      if (problem) form.setError("body", problem);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {error && !fieldErrorWord(error, "body") ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(error)}
        </p>
      ) : null}
      <FormField
        label={label}
        required
        description={t("support.count", { length: body.length, max: SUPPORT_MESSAGE_MAX_LENGTH })}
        error={errorText.validation(errors.body)}
      >
        <Textarea
          rows={4}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          {...form.register("body")}
          onKeyDown={(event) => {
            // Ctrl+Enter or Cmd+Enter sends, as in most chats; Enter alone is a new line.
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          <Send aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
