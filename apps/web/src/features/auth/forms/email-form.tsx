import { isApiError } from "@paraphe/api-sdk";
import { useTranslation } from "@paraphe/i18n/react";
import { Button } from "@paraphe/ui-kit";
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { fieldErrorProblem, fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { lazyResolver } from "../../../lib/forms/lazy-resolver";
import { useRequestCode } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { LoginEmailField } from "./login-email-field";
import type * as LoginFormSchemas from "./login-form-schemas";
import type { EmailFormInput, EmailFormOutput } from "./login-form-schemas";

/**
 * The login forms' schemas (zod and the contract's email rule), a chunk that downloads while the
 * page shows. Undefined when it failed to load and the chunk-load guard reloads the page.
 */
export const loadLoginFormSchemas = async (): Promise<typeof LoginFormSchemas | undefined> =>
  import("./login-form-schemas");

/** The login's email resolver, its schema loaded on demand (see `lazyResolver`). */
export function useLoginEmailResolver() {
  const [resolver] = useState(() =>
    lazyResolver<EmailFormInput, unknown, EmailFormOutput>(async () => {
      const schemas = await loadLoginFormSchemas();
      return schemas?.emailFormResolver;
    }),
  );
  return resolver;
}

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
  const resolver = useLoginEmailResolver();
  const form = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver,
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    // Already there: it came with the resolver that let the email through.
    const schemas = await loadLoginFormSchemas();
    if (!schemas) return;
    try {
      await requestCode.mutateAsync({ email, ...schemas.mailLanguage(language) });
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
