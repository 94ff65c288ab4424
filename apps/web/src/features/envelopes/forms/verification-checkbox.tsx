import type { RecipientVerification } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Checkbox } from "@paraphe/ui-kit";
import type { ControllerRenderProps } from "react-hook-form";

/**
 * "Require a code sent by email before signing", for a signer (a recipient or a template role):
 * the form field `verification`, "email_code" when ticked, "none" otherwise.
 */
export function VerificationCheckbox({
  field,
}: {
  field: Pick<ControllerRenderProps, "ref" | "name" | "onBlur"> & {
    value: RecipientVerification | undefined;
    onChange: (value: RecipientVerification) => void;
  };
}) {
  const { t } = useTranslation("web");
  return (
    <Checkbox
      ref={field.ref}
      name={field.name}
      label={t("editor.recipients.verification")}
      description={t("editor.recipients.verificationHint")}
      checked={field.value === "email_code"}
      onCheckedChange={(checked) => field.onChange(checked === true ? "email_code" : "none")}
      onBlur={field.onBlur}
    />
  );
}
