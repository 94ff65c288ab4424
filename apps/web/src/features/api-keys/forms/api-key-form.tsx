import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  API_KEY_PERMISSIONS,
  createApiKeyRequestSchema,
  type ApiKeyPermission,
  type CreateApiKeyRequest,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, Checkbox, FormField, Input } from "@paraphe/ui-kit";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { type z } from "zod";
import { useErrorText } from "../../../lib/api/error-text";
import { zodResolver } from "../../../lib/forms/zod-resolver";

type ApiKeyFormInput = z.input<typeof createApiKeyRequestSchema>;

export interface ApiKeyFormProps {
  onSubmit: (values: CreateApiKeyRequest) => Promise<unknown>;
  onCancel: () => void;
  /** The failed creation, shown above the form. */
  submitError?: unknown;
}

/**
 * The create form (spec §5): a description (required, at most 128 characters, with a counter) and
 * the permissions on templates, checked with the contract's own schema.
 */
export function ApiKeyForm({ onSubmit, onCancel, submitError }: ApiKeyFormProps) {
  const { t } = useTranslation(["web", "common"]);
  const errorText = useErrorText();
  const legendId = useId();
  const form = useForm<ApiKeyFormInput>({
    resolver: zodResolver(createApiKeyRequestSchema),
    defaultValues: { description: "", permissions: ["read"] },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: "description" }) ?? "";
  const descriptionError =
    errors.description?.message === "too_long"
      ? t("web:apiKeys.fields.descriptionTooLong", { max: API_KEY_DESCRIPTION_MAX_LENGTH })
      : errorText.validation(errors.description);
  const permissionsError = errors.permissions ? t("web:apiKeys.permissionRequired") : undefined;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(createApiKeyRequestSchema.parse(values));
    } catch {
      // The mutation's error is shown through `submitError`.
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {submitError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("web:apiKeys.createError")} {errorText.apiError(submitError)}
        </p>
      ) : null}
      <FormField
        label={t("web:apiKeys.fields.description")}
        required
        description={
          <>
            {t("web:apiKeys.fields.descriptionHint")}{" "}
            <span aria-live="polite">
              {t("web:apiKeys.fields.descriptionCount", {
                length: description.length,
                max: API_KEY_DESCRIPTION_MAX_LENGTH,
              })}
            </span>
          </>
        }
        error={descriptionError}
      >
        <Input autoComplete="off" {...form.register("description")} />
      </FormField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={permissionsError ? `${legendId}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold text-ink">
          {t("web:apiKeys.fields.permissions")}
        </legend>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <div className="flex flex-col gap-2">
              {API_KEY_PERMISSIONS.map((permission: ApiKeyPermission) => (
                <Checkbox
                  key={permission}
                  name={field.name}
                  value={permission}
                  label={t(`web:apiKeys.permissions.${permission}`)}
                  checked={field.value.includes(permission)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true
                        ? API_KEY_PERMISSIONS.filter(
                            (item) => item === permission || field.value.includes(item),
                          )
                        : field.value.filter((item) => item !== permission),
                    )
                  }
                />
              ))}
            </div>
          )}
        />
        {permissionsError ? (
          <p id={`${legendId}-error`} role="alert" className="text-sm font-medium text-danger">
            {permissionsError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {t("web:apiKeys.submit")}
        </Button>
      </div>
    </form>
  );
}
