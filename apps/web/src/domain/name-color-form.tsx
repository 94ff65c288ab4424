import { COLOR_PALETTE, colorSchema } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input, cn } from "@paraphe/ui-kit";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../lib/api/error-text";
import { zodResolver } from "../lib/forms/zod-resolver";

export interface NameColorValues {
  name: string;
  color: string;
}

/**
 * The name and colour of a workspace or a tag (react-hook-form with the contract's schemas): a
 * palette to pick from, or any `#rrggbb` typed in. The api's field errors (a name taken) show on
 * their field; any other failure above the form.
 */
export function NameColorForm({
  nameSchema,
  defaultValues,
  labels,
  maxLength,
  onSubmit,
  onClose,
  error,
}: {
  nameSchema: z.ZodType<string, string>;
  defaultValues: NameColorValues;
  labels: { name: string; color: string; colorDescription: string; save: string; cancel: string };
  maxLength: number;
  onSubmit: (values: NameColorValues) => Promise<unknown>;
  onClose: () => void;
  error: unknown;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const schema = z.object({ name: nameSchema, color: colorSchema });
  const form = useForm<NameColorValues, unknown, NameColorValues>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const color = useWatch({ control: form.control, name: "color" });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      for (const field of ["name", "color"] as const) {
        const problem = fieldErrorProblem(failure, field);
        if (problem) form.setError(field, problem);
      }
    }
  });
  const fieldError = fieldErrorWord(error, "name") ?? fieldErrorWord(error, "color");

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {error && !fieldError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorText.apiError(error)}
        </p>
      ) : null}
      <FormField label={labels.name} required error={errorText.validation(errors.name)}>
        <Input autoComplete="off" maxLength={maxLength} {...form.register("name")} />
      </FormField>
      <FormField
        label={labels.color}
        description={labels.colorDescription}
        error={errorText.validation(errors.color)}
      >
        <Input autoComplete="off" maxLength={7} {...form.register("color")} />
      </FormField>
      <div role="group" aria-label={t("workspaces.form.palette")} className="flex flex-wrap gap-2">
        {COLOR_PALETTE.map((swatch) => (
          <button
            key={swatch}
            type="button"
            aria-label={t("workspaces.form.paletteColor", { color: swatch })}
            aria-pressed={color.toLowerCase() === swatch}
            onClick={() => form.setValue("color", swatch, { shouldValidate: true })}
            className={cn(
              "size-8 rounded-full border-2 border-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
              color.toLowerCase() === swatch && "border-ink",
            )}
            style={{ backgroundColor: swatch }}
          />
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {labels.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {labels.save}
        </Button>
      </div>
    </form>
  );
}
