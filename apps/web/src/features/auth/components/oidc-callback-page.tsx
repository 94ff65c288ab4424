import { isApiError } from "@paraphe/api-sdk";
import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, CardHeader, Skeleton } from "@paraphe/ui-kit";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useSession } from "../../../app/session/session-context";
import { useOidcCallback } from "../api/auth-mutations";
import { LoginFailure } from "./login-failure";

/** The single sign-on errors of spec §8, shown with their own message; anything else is generic. */
const OIDC_CODES = new Set([
  "OIDC_NOT_CONFIGURED",
  "OIDC_TOKEN_VERIFICATION_FAILED",
  "OIDC_TOKEN_INVALID_PAYLOAD",
  "OIDC_EMAIL_MISMATCH",
  "FORBIDDEN",
  "SEATS_FULL",
  "RATE_LIMITED",
]);

/**
 * /auth/oidc (spec §2): the identity provider sends the browser back here with a code; the api
 * checks it and answers the session credential, as a code sign-in does; then the return path. Each
 * error of spec §8 shows its message, with the way back to /login.
 */
export function OidcCallbackPage() {
  const { t } = useTranslation(["web", "errors"]);
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const callback = useOidcCallback();
  const sent = useRef(false);
  useDocumentTitle(callback.isError ? t("web:sso.callback.failed") : t("web:sso.callback.title"));

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    callback.mutate(location.search || "?", {
      onSuccess: (credential) => {
        signIn(
          {
            accessKey: credential.accessKey,
            secretKey: credential.secretKey,
            email: credential.email,
          },
          // The answer carries the profile (absent from an older server's: then it is asked for).
          { profile: credential.profile },
        );
        void navigate(credential.returnPath, { replace: true });
      },
    });
  }, [callback, location.search, navigate, signIn]);

  const error = callback.error;
  const otherBrowser =
    isApiError(error) &&
    error.details?.some(
      (detail) => detail.path === "browserBinding" && detail.message === "other_browser",
    );
  const message = otherBrowser
    ? t("web:sso.callback.otherBrowser")
    : isApiError(error) && OIDC_CODES.has(error.code)
      ? t(`errors:codes.${error.code}`)
      : t("errors:oidcGeneric");
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-6 sm:py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-7 font-semibold text-ink">
            {callback.isError ? t("web:sso.callback.failed") : t("web:sso.callback.title")}
          </h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {callback.isError ? (
            <>
              <LoginFailure description={message} />
              <Link to="/login" className="text-sm text-brand-700 underline">
                {t("web:sso.callback.backToLogin")}
              </Link>
            </>
          ) : (
            <div className="flex flex-col gap-2" role="status">
              <span className="sr-only">{t("web:sso.callback.title")}</span>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
