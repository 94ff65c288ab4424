import { type LoginResponse } from "@paraphe/api-sdk/contract";
import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, CardDescription, CardHeader } from "@paraphe/ui-kit";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { returnPath } from "../../../lib/return-path";
import { useSession } from "../../../app/session/session-context";
import { CodeForm } from "../forms/code-form";
import { EmailForm } from "../forms/email-form";
import { initialLoginEmail } from "../login-email";
import { PasskeyLoginButton } from "./passkey-login-button";

/** /login (spec §2): email, then the mailed code; or a passkey. */
export function LoginPage() {
  const { t } = useTranslation("web");
  const { signIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => initialLoginEmail(location.hash));
  const [step, setStep] = useState<"email" | "code">("email");
  useDocumentTitle(t("login.title"));

  const signInWith = (credential: LoginResponse, next: string) => {
    signIn({
      accessKey: credential.accessKey,
      secretKey: credential.secretKey,
      email: credential.email,
    });
    void navigate(next, { replace: true, state: location.state as unknown });
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-6 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-7 font-semibold text-ink">
            {step === "email" ? t("login.title") : t("login.code.title")}
          </h1>
          <CardDescription>
            {step === "email" ? t("login.description") : t("login.code.description")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {step === "email" ? (
            <>
              <EmailForm
                defaultEmail={email}
                onCodeSent={(sentTo) => {
                  setEmail(sentTo);
                  setStep("code");
                }}
              />
              <PasskeyLoginButton
                onSignedIn={(credential) => signInWith(credential, returnPath(location.state))}
              />
            </>
          ) : (
            <CodeForm
              email={email}
              onChangeEmail={() => setStep("email")}
              onVerified={(credential) => signInWith(credential, "/register-passkey")}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
