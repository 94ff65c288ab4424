import { type LoginResponse } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { PlainButton } from "@paraphe/ui-kit";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { usePasskeyLogin } from "../api/auth-mutations";
import { passkeyErrorKey } from "../../../lib/passkey-errors";
import { LoginFailure } from "./login-failure";

/**
 * Whether the browser has WebAuthn (as `browserSupportsWebAuthn` of @simplewebauthn/browser tells),
 * without that library: it downloads only when the person asks for a passkey sign-in.
 */
function browserHasWebAuthn(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** "Sign in with a passkey": hidden where the browser has no WebAuthn. */
export function PasskeyLoginButton({
  onSignedIn,
}: {
  onSignedIn: (credential: LoginResponse) => void;
}) {
  const { t } = useTranslation(["web", "errors"]);
  const passkeyLogin = usePasskeyLogin();
  const [supported] = useState(browserHasWebAuthn);
  if (!supported) return null;
  const failureKey = passkeyLogin.error ? passkeyErrorKey(passkeyLogin.error) : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t("web:login.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      {failureKey ? <LoginFailure description={t(failureKey)} /> : null}
      <PlainButton
        type="button"
        variant="secondary"
        size="wrap"
        className="w-full"
        loading={passkeyLogin.isPending}
        onClick={() =>
          passkeyLogin.mutate(undefined, { onSuccess: (credential) => onSignedIn(credential) })
        }
      >
        <KeyRound aria-hidden="true" />
        {t("web:login.passkey.submit")}
      </PlainButton>
    </div>
  );
}
