import { isApiError } from "@paraphe/api-sdk";
import { emailSchema, isSupportedLanguageCode } from "./language";
import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { ArrowRight } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useRequestCode } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { LoginEmailField } from "./login-email-field";
import { zodResolver } from "../../../lib/forms/zod-resolver";

const emailFormSchema = z.object({ email: emailSchema });
type EmailFormInput = z.input<typeof emailFormSchema>;
type EmailFormOutput = z.output<typeof emailFormSchema>;

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
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    try {
      await requestCode.mutateAsync({
        email,
        ...(isSupportedLanguageCode(language) ? { language } : {}),
      });
      onCodeSent(email);
    } catch (error) {
      const problem = fieldErrorProblem(error, "email");
      if (problem) form.setError("email", problem, { shouldFocus: true });
    }
  });

  const failure = requestCode.error;
  const fieldFailure = fieldErrorWord(failure, "email") !== undefined;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && !fieldFailure ? (
        isApiError(failure) && failure.code === "RATE_LIMITED" ? (
          <LoginFailure description={errorText.apiError(failure)} />
        ) : (
          <LoginFailure />
        )
      ) : null}
      <LoginEmailField
        field={form.register("email")}
        error={errors.email}
        autoComplete="username webauthn"
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("login.email.submit")}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
