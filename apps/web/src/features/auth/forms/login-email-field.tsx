import { useTranslation } from "@paraphe/i18n/react";
import { FormField, PlainInput } from "@paraphe/ui-kit";
import { type ChangeEventHandler, type RefObject } from "react";
import { type FormFieldError, useErrorText } from "../../../lib/api/error-text";

/** The login's email field (required, its validation problem as the error), focused at once. */
export function LoginEmailField({
  field,
  error,
  autoComplete,
}: {
  field: {
    ref: RefObject<HTMLInputElement | null>;
    name: string;
    defaultValue: string;
    onChange: ChangeEventHandler<HTMLInputElement>;
  };
  error: FormFieldError | undefined;
  /** "username webauthn" where a passkey may be offered, "username" otherwise. */
  autoComplete: string;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  return (
    <FormField label={t("login.email.label")} required error={errorText.validation(error)}>
      <PlainInput
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        autoFocus
        placeholder={t("login.email.placeholder")}
        {...field}
      />
    </FormField>
  );
}
