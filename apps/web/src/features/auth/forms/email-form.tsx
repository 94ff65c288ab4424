import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { ArrowRight } from "lucide-react";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useRequestCode } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { LoginEmailField } from "./login-email-field";
import { useLoginEmailForm } from "./use-login-email-form";

/** Step 1 of /login: the email (required, valid), then a code is mailed to it. */
export function EmailForm({
  defaultEmail,
  onCodeSent,
}: {
  defaultEmail: string;
  onCodeSent: (email: string) => void;
}) {
  const { t, i18n } = useTranslation("web");
  const errorText = useErrorText();
  const requestCode = useRequestCode();
  const form = useLoginEmailForm(defaultEmail, async (email, schemas) => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    try {
      await requestCode.mutateAsync({ email, ...schemas.mailLanguage(language) });
      onCodeSent(email);
      return undefined;
    } catch (error) {
      return fieldErrorProblem(error, "email");
    }
  });

  const failure = requestCode.error;
  const fieldFailure = fieldErrorWord(failure, "email") !== undefined;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      {failure && !fieldFailure ? (
        isApiError(failure) && failure.code === "RATE_LIMITED" ? (
          <LoginFailure description={errorText.apiError(failure)} />
        ) : (
          <LoginFailure />
        )
      ) : null}
      <LoginEmailField field={form.field} error={form.error} autoComplete="username webauthn" />
      <PlainButton type="submit" loading={form.isSubmitting} className="w-full">
        {t("login.email.submit")}
        <ArrowRight aria-hidden="true" />
      </PlainButton>
    </form>
  );
}
