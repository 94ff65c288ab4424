import { useDocumentTitle, useTranslation } from "@paraphe/i18n/react";
import { Button, Card, CardContent, LoadingScreen } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { Fingerprint, KeyRound, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { passkeyErrorKey } from "../../../lib/passkey-errors";
import { hasPasskeyOf, returnPath, teamlessReturnPath } from "../../../lib/return-path";
import { useSession } from "../../../app/session/session-context";
import { usePasskeys, useRegisterPasskey } from "../api/passkey-queries";

/**
 * /register-passkey (spec §2): offered after a code login, skippable; skipped at once for a person
 * who already has a passkey. Then the dashboard, or team onboarding for a person without a team.
 */
export function RegisterPasskeyPage() {
  const { t } = useTranslation(["web", "errors"]);
  const { status, profile } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [supported] = useState(() => browserSupportsWebAuthn());
  // The code's check answered whether the person has a passkey (and the profile, which the session
  // took): the offer shows at once. From an older server, which does not say, the list is asked
  // for with the profile rather than after it (both need only the stored credential).
  const hasPasskey = hasPasskeyOf(location.state);
  const passkeys = usePasskeys({ enabled: status !== "anonymous" && hasPasskey === undefined });
  const register = useRegisterPasskey();
  useDocumentTitle(t("registerPasskey.title"));

  if (status === "loading") return <LoadingScreen label={t("session.loading")} />;
  if (status === "anonymous") return <Navigate to="/login" replace />;

  const next = profile?.team ? returnPath(location.state) : teamlessReturnPath(location.state);
  const goOn = () => void navigate(next, { replace: true });
  if (hasPasskey === undefined && passkeys.isPending) {
    return <LoadingScreen label={t("registerPasskey.checking")} />;
  }
  if (hasPasskey ?? (passkeys.data !== undefined && passkeys.data.length > 0)) {
    return <Navigate to={next} replace />;
  }

  const failureKey = register.error ? passkeyErrorKey(register.error) : null;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-6 sm:py-12">
      <Card>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
          >
            <Fingerprint className="size-6" />
          </div>
          <div className="flex flex-col gap-2">
            <h1 className="text-xl leading-7 font-semibold text-ink">
              {t("registerPasskey.title")}
            </h1>
            <p className="text-sm text-ink-muted">{t("registerPasskey.description")}</p>
          </div>
          <ul className="flex flex-col gap-2 text-sm text-ink">
            <li className="flex gap-2">
              <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {t("registerPasskey.benefitFast")}
            </li>
            <li className="flex gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {t("registerPasskey.benefitSafe")}
            </li>
          </ul>
          {!supported ? (
            <p role="status" className="text-sm text-ink-muted">
              {t("errors:passkey.unsupported")}
            </p>
          ) : null}
          {failureKey ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t(failureKey)}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            {supported ? (
              <Button
                className="w-full sm:w-auto"
                loading={register.isPending}
                onClick={() =>
                  register.mutate(undefined, {
                    onSuccess: () => {
                      toast.success(t("registerPasskey.registered"));
                      goOn();
                    },
                  })
                }
              >
                <KeyRound aria-hidden="true" />
                {t("registerPasskey.create")}
              </Button>
            ) : null}
            <Button variant="ghost" className="w-full sm:w-auto" onClick={goOn}>
              {supported ? t("registerPasskey.skip") : t("registerPasskey.continue")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
