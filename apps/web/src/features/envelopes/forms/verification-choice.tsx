import {
  RECIPIENT_VERIFICATIONS,
  recipientVerificationSchema,
  type RecipientVerification,
} from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { RadioGroup } from "@paraphe/ui-kit";
import { useId } from "react";
import type { ControllerRenderProps } from "react-hook-form";
import { useSession } from "../../../app/session/session-context";

/**
 * The check a signer (a recipient or a template role) passes before signing: none, a code sent by
 * email, or a code sent by SMS (the form field `verification`). SMS is shown unavailable, with the
 * reason, when the deployment cannot send SMS (the profile's `capabilities.smsVerification`); a
 * signer who already has it keeps it selected, so that saving changes nothing behind the sender.
 */
export function VerificationChoice({
  field,
}: {
  field: Pick<ControllerRenderProps, "ref" | "name" | "onBlur"> & {
    value: RecipientVerification | undefined;
    onChange: (value: RecipientVerification) => void;
  };
}) {
  const { t } = useTranslation("web");
  const { profile } = useSession();
  const smsAvailable = profile?.capabilities?.smsVerification === true;
  const legendId = useId();
  const value = field.value ?? "none";
  return (
    <fieldset className="flex flex-col gap-2">
      <legend id={legendId} className="mb-1 text-sm font-medium text-ink">
        {t("editor.recipients.verification")}
      </legend>
      <RadioGroup
        ref={field.ref}
        name={field.name}
        aria-labelledby={legendId}
        value={value}
        onValueChange={(chosen) => {
          const parsed = recipientVerificationSchema.safeParse(chosen);
          field.onChange(parsed.success ? parsed.data : "none");
        }}
        onBlur={field.onBlur}
        options={RECIPIENT_VERIFICATIONS.map((method) => {
          const unavailable = method === "sms_code" && !smsAvailable && value !== "sms_code";
          return {
            value: method,
            label: t(`editor.recipients.verificationMethods.${method}`),
            description: unavailable
              ? t("editor.recipients.verificationMethods.smsUnavailable")
              : t(`editor.recipients.verificationMethods.${method}Hint`),
            disabled: unavailable,
          };
        })}
      />
    </fieldset>
  );
}
