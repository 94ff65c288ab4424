import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { ArrowRight } from "lucide-react";
import { useForm } from "react-hook-form";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useOidcStart } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { useLoginEmailResolver } from "./email-form";
import { LoginEmailField } from "./login-email-field";
import type { EmailFormInput, EmailFormOutput } from "./login-form-schemas";

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
  const resolver = useLoginEmailResolver();
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver,
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { authorizationUrl } = await start.mutateAsync({ email, returnPath });
      window.location.assign(authorizationUrl);
    } catch (error) {
      const problem = fieldErrorProblem(error, "email");
      if (problem) form.setError("email", problem, { shouldFocus: true });
    }
  });

  const failure = start.error;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && !fieldErrorWord(failure, "email") ? (
        <LoginFailure description={errorText.apiError(failure)} />
      ) : null}
      <LoginEmailField
        field={form.register("email")}
        error={errors.email}
        autoComplete="username"
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("sso.login.submit")}
        <ArrowRight aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t("sso.login.back")}
      </Button>
    </form>
  );
}
