import { useTranslation } from "@paraphe/i18n/react";
import { Card, Input, Skeleton } from "@paraphe/ui-kit";
import { useId } from "react";
import { Link } from "react-router";
import { usePageMeta } from "../../../lib/page-meta";
import { useSsoConfiguration } from "../api/sso-queries";

const PROVIDERS = ["entra", "google", "okta"] as const;
const STEPS = ["one", "two", "three", "four"] as const;

/** /settings/sso-tutorial: step-by-step set-up at three identity providers, with the callback URL. */
export function SsoTutorialPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("sso.tutorial.title") });
  const sso = useSsoConfiguration();
  const callbackId = useId();
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <p className="text-sm text-ink-muted">{t("sso.tutorial.intro")}</p>
      <Card className="flex flex-col gap-2 p-4">
        <label htmlFor={callbackId} className="text-sm font-medium text-ink">
          {t("sso.callbackUrl")}
        </label>
        {sso.data ? (
          <Input
            id={callbackId}
            readOnly
            value={sso.data.callbackUrl}
            onFocus={(event) => event.target.select()}
          />
        ) : (
          <Skeleton className="h-9 w-full" />
        )}
        <p className="text-sm text-ink-muted">{t("sso.tutorial.scopes")}</p>
      </Card>
      {PROVIDERS.map((provider) => (
        <Card key={provider} className="flex flex-col gap-2 p-4">
          <h2 className="text-base font-semibold text-ink">
            {t(`sso.tutorial.${provider}.title`)}
          </h2>
          <ol className="list-inside list-decimal space-y-1 text-sm text-ink">
            {STEPS.map((step) => (
              <li key={step}>{t(`sso.tutorial.${provider}.steps.${step}`)}</li>
            ))}
          </ol>
        </Card>
      ))}
      <Link to="/settings/sso" className="text-sm text-brand-700 underline">
        {t("sso.tutorial.back")}
      </Link>
    </div>
  );
}
