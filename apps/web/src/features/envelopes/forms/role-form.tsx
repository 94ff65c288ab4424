import {
  recipientKindSchema,
  recipientVerificationSchema,
  templateRoleLabelSchema,
  type TemplateRole,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input, RadioGroup } from "@paraphe/ui-kit";
import { useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { VerificationChoice } from "./verification-choice";
import { zodResolver } from "../../../lib/forms/zod-resolver";

/** The contract's label rules, plus "not the label of another role of the template" (any case). */
export function roleFormSchema(otherLabels: readonly string[]) {
  const taken = new Set(otherLabels.map((label) => label.trim().toLowerCase()));
  return z
    .object({
      label: templateRoleLabelSchema,
      kind: recipientKindSchema,
      verification: recipientVerificationSchema,
    })
    .superRefine((value, ctx) => {
      if (taken.has(value.label.toLowerCase())) {
        ctx.addIssue({ code: "custom", message: "label_taken", path: ["label"] });
      }
    });
}

export type RoleFormOutput = z.output<ReturnType<typeof roleFormSchema>>;

/**
 * Add or edit a template's role (spec §5): a label, required, under 255 characters and unique in
 * the template; signer (the default), approver or copy; a signer may have to pass a code sent by
 * email before signing. The server's field error shows on the label.
 */
export function RoleForm({
  role,
  index,
  otherLabels,
  onSubmit,
  onCancel,
  submitError,
}: {
  role?: TemplateRole;
  /** The role's position in what is saved, to find the server's error (`roles.N.label`). */
  index: number;
  otherLabels: readonly string[];
  onSubmit: (values: RoleFormOutput) => Promise<unknown>;
  onCancel: () => void;
  submitError?: unknown;
}) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const kindLegendId = useId();
  const schema = useMemo(() => roleFormSchema(otherLabels), [otherLabels]);
  const form = useForm<z.input<typeof schema>, unknown, RoleFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      label: role?.label ?? "",
      kind: role?.kind ?? "signer",
      verification: role?.verification ?? "none",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch("kind");

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const problem = fieldErrorProblem(error, `roles.${index}.label`);
      if (problem) form.setError("label", problem);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {submitError && !fieldErrorWord(submitError, `roles.${index}.label`) ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:editor.recipients.saveError")} {errorText.apiError(submitError)}
        </p>
      ) : null}
      <FormField
        label={t("web:templates.editor.roles.label")}
        description={t("web:templates.editor.roles.labelHint")}
        required
        error={errorText.validation(errors.label)}
      >
        <Input autoComplete="off" autoFocus {...form.register("label")} />
      </FormField>
      <fieldset className="flex flex-col gap-1">
        <legend id={kindLegendId} className="mb-1 text-sm font-medium text-ink">
          {t("web:templates.editor.roles.kind")}
        </legend>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              aria-labelledby={kindLegendId}
              value={field.value}
              onValueChange={(value) =>
                field.onChange(
                  value === "approver" || value === "cc" || value === "viewer" ? value : "signer",
                )
              }
              options={(["signer", "approver", "viewer", "cc"] as const).map((kind) => ({
                value: kind,
                label: t(`web:editor.recipients.roles.${kind}`),
                description: t(`web:editor.recipients.roles.${kind}Hint`),
              }))}
            />
          )}
        />
      </fieldset>
      {kind === "signer" ? (
        <Controller
          control={form.control}
          name="verification"
          render={({ field }) => <VerificationChoice field={field} />}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {role ? t("web:templates.editor.roles.update") : t("web:templates.editor.roles.add")}
        </Button>
      </div>
    </form>
  );
}
