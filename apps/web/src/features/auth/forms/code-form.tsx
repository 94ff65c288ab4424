import { isApiError } from "@paraphe/api-sdk";
import { LOGIN_CODE_LENGTH, loginCodeSchema, type LoginResponse } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Button, FormField, Input } from "@paraphe/ui-kit";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldErrorWord, useErrorText } from "../../../lib/api/error-text";
import { useRequestCode, useVerifyCode } from "../api/auth-mutations";
import { LoginFailure } from "../components/login-failure";
import { isSupportedLanguageCode } from "./language";
import { zodResolver } from "../../../lib/forms/zod-resolver";

/** Seconds before another code can be asked for. */
export const RESEND_COOLDOWN_SECONDS = 30;

const codeFormSchema = z.object({ code: loginCodeSchema });
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

/** The field word for a failed verification: the api's own word, or "incorrect" for a refused code. */
function codeFailureWord(error: unknown): string | undefined {
  const word = fieldErrorWord(error, "code");
  if (word) return word;
  if (isApiError(error) && error.code === "AUTHENTICATION_ERROR") return "code_incorrect";
  return undefined;
}

function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

/** Step 2 of /login: the 6-character code mailed to `email`; resend after a cooldown; change email. */
export function CodeForm({
  email,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  onVerified: (credential: LoginResponse) => void;
  onChangeEmail: () => void;
}) {
  const { t, i18n } = useTranslation("web");
  const errorText = useErrorText();
  const verifyCode = useVerifyCode();
  const requestCode = useRequestCode();
  const [cooldown, setCooldown] = useCountdown(RESEND_COOLDOWN_SECONDS);
  const [resent, setResent] = useState(false);
  const form = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      onVerified(await verifyCode.mutateAsync({ email, code }));
    } catch (error) {
      const word = codeFailureWord(error);
      if (word) form.setError("code", { message: word }, { shouldFocus: true });
    }
  });

  const resend = async () => {
    const language = i18n.resolvedLanguage ?? i18n.language;
    setResent(false);
    try {
      await requestCode.mutateAsync({
        email,
        ...(isSupportedLanguageCode(language) ? { language } : {}),
      });
      setResent(true);
      setCooldown(RESEND_COOLDOWN_SECONDS);
      form.clearErrors("code");
      form.setFocus("code");
    } catch {
      // Shown below from requestCode.error.
    }
  };

  const verifyFailure =
    verifyCode.error && codeFailureWord(verifyCode.error) === undefined ? verifyCode.error : null;
  const failure = verifyFailure ?? requestCode.error;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        {t("login.code.sentTo")} <strong className="break-all text-ink">{email}</strong>
      </p>
      {failure ? (
        isApiError(failure) && failure.code === "RATE_LIMITED" ? (
          <LoginFailure description={errorText.apiError(failure)} />
        ) : (
          <LoginFailure />
        )
      ) : null}
      <FormField
        label={t("login.code.label")}
        description={t("login.code.hint", { length: LOGIN_CODE_LENGTH })}
        required
        error={errorText.validation(errors.code)}
      >
        <Input
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          className="font-mono text-lg tracking-[0.3em] uppercase"
          {...form.register("code")}
        />
      </FormField>
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("login.code.submit")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" onClick={onChangeEmail}>
          {t("login.code.changeEmail")}
        </Button>
        <Button
          type="button"
          variant="link"
          disabled={cooldown > 0 || requestCode.isPending}
          onClick={() => void resend()}
        >
          {cooldown > 0 ? t("login.code.resendIn", { seconds: cooldown }) : t("login.code.resend")}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-ink-muted">
        {resent ? t("login.code.resent") : ""}
      </p>
    </form>
  );
}
