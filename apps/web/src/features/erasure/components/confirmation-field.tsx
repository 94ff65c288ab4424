import { useTranslation } from "@paraphe/i18n/react";
import { FormField, Input } from "@paraphe/ui-kit";
import { fieldErrorWord, useErrorText } from "../../../lib/api/error-text";

/** Whether `typed` matches `expected` as the api compares them (trimmed; emails without case). */
export function confirmationMatches(typed: string, expected: string, ignoreCase = false): boolean {
  const normalize = (text: string) => (ignoreCase ? text.trim().toLowerCase() : text.trim());
  return normalize(typed) === normalize(expected);
}

/**
 * The text a person types to confirm a deletion, with the refusal when it does not match (found
 * here, or by the api: VALIDATION_ERROR `confirmation_mismatch` on `path`).
 */
export function ConfirmationField({
  label,
  value,
  onChange,
  mismatch,
  error,
  path,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  mismatch: boolean;
  error: unknown;
  path: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation("errors");
  const errorText = useErrorText();
  const word = fieldErrorWord(error, path);
  const problem =
    mismatch || word === "confirmation_mismatch"
      ? t("validation.confirmation_mismatch")
      : word !== undefined
        ? errorText.validation(word)
        : null;
  return (
    <FormField label={label} error={problem} required>
      <Input
        value={value}
        autoComplete={autoComplete ?? "off"}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
