import { useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { ArrowRight } from "lucide-react";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useOidcStart } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { LoginEmailField } from "./login-email-field";
import { useLoginEmailForm } from "./use-login-email-form";

/**
 * /login with single sign-on: the work email, then the browser goes to the identity provider of
 * the email's team (OIDC_NOT_CONFIGURED when it has none).
 */
export function SsoForm({
  defaultEmail,
  returnPath,
  onBack,
}: {
  defaultEmail: string;
  returnPath: string;
  onBack: () => void;
}) {
  const { t } = useTranslation("web");
  const errorText = useErrorText();
  const start = useOidcStart();
  const form = useLoginEmailForm(defaultEmail, async (email) => {
    try {
      const { authorizationUrl } = await start.mutateAsync({ email, returnPath });
      window.location.assign(authorizationUrl);
      return undefined;
    } catch (error) {
      return fieldErrorProblem(error, "email");
    }
  });

  const failure = start.error;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
      {failure && !fieldErrorWord(failure, "email") ? (
        <LoginFailure description={errorText.apiError(failure)} />
      ) : null}
      <LoginEmailField field={form.field} error={form.error} autoComplete="username" />
      <PlainButton type="submit" loading={form.isSubmitting} className="w-full">
        {t("sso.login.submit")}
        <ArrowRight aria-hidden="true" />
      </PlainButton>
      <PlainButton type="button" variant="ghost" onClick={onBack}>
        {t("sso.login.back")}
      </PlainButton>
    </form>
  );
}
