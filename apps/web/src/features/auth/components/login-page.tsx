import { type LoginResponse } from "@paraphe/api-sdk/contract";
import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, CardDescription, CardHeader, PlainButton } from "@paraphe/ui-kit";
import { KeyRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { passkeyOfferState, returnPath } from "../../../lib/return-path";
import { prefetchPagesAfterSignIn } from "../../../app/prefetch-pages-after-sign-in";
import { useSession } from "../../../app/session/session-context";
import { EmailForm } from "../forms/email-form";
import { SsoForm } from "../forms/sso-form";
import { initialLoginEmail } from "../login-email";
import { PasskeyLoginButton } from "./passkey-login-button";
import type * as CodeFormModule from "../forms/code-form";

/**
 * The code step's form (the contract's code rule, zod), a chunk asked for as the page shows, there
 * by the time the email step has sent a code. Undefined when it failed to load and the chunk-load
 * guard reloads the page: the step then waits for the reload.
 */
const loadCodeForm = async () => {
  const module: typeof CodeFormModule | undefined = await import("../forms/code-form");
  return module ? { default: module.CodeForm } : new Promise<never>(() => {});
};
const CodeForm = lazy(loadCodeForm);

/** /login (spec §2): email, then the mailed code; or a passkey; or single sign-on. */
export function LoginPage() {
  const { t } = useTranslation("web");
  const { signIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => initialLoginEmail(location.hash));
  const [step, setStep] = useState<"email" | "code" | "sso">("email");
  useDocumentTitle(t("login.title"));
  useEffect(() => {
    void loadCodeForm().catch(() => undefined);
  }, []);

  // The answer carries the profile (the session needs not ask for it) and, for the passkey offer,
  // whether the person has a passkey; an older server's answer has neither, and both are asked.
  const signInWith = (credential: LoginResponse, next: string, state: unknown) => {
    signIn(
      { accessKey: credential.accessKey, secretKey: credential.secretKey, email: credential.email },
      { profile: credential.profile },
    );
    void navigate(next, { replace: true, state });
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-6 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-7 font-semibold text-ink">
            {step === "email"
              ? t("login.title")
              : step === "sso"
                ? t("sso.login.title")
                : t("login.code.title")}
          </h1>
          <CardDescription>
            {step === "email"
              ? t("login.description")
              : step === "sso"
                ? t("sso.login.description")
                : t("login.code.description")}
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
                  prefetchPagesAfterSignIn();
                }}
              />
              <PasskeyLoginButton
                onSignedIn={(credential) =>
                  signInWith(credential, returnPath(location.state), location.state)
                }
              />
              {/* A long name ("Se connecter avec l’authentification unique") wraps, whole. */}
              <PlainButton
                type="button"
                variant="secondary"
                size="wrap"
                onClick={() => setStep("sso")}
              >
                <KeyRound aria-hidden="true" />
                {t("sso.login.open")}
              </PlainButton>
            </>
          ) : step === "sso" ? (
            <SsoForm
              defaultEmail={email}
              returnPath={returnPath(location.state)}
              onBack={() => setStep("email")}
            />
          ) : (
            <Suspense fallback={null}>
              <CodeForm
                email={email}
                onChangeEmail={() => setStep("email")}
                onVerified={(credential) =>
                  signInWith(
                    credential,
                    "/register-passkey",
                    passkeyOfferState(location.state, credential.hasPasskey),
                  )
                }
              />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
