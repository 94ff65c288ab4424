import { type GetSubscriptionResponse, type Plan } from "@paraphe/api-sdk/contract";
import { useLanguage, useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Spinner } from "@paraphe/ui-kit";
import { useId, useState } from "react";
import { Link } from "react-router";
import { LoadFailure } from "../../../lib/load-failure";
import { usePageMeta } from "../../../lib/page-meta";
import { usePlans, useSubscription } from "../api/subscription-queries";

/**
 * /settings/subscription (spec §2, §3, §8, §9): the team's plan with its status and current period,
 * meters of seats (used out of total, or unlimited), electronic signatures and API credits; the
 * offered plans with prices monthly or annually without VAT and the recommended one. Plans are set
 * by the operator: no payment provider is configured, so changing plan goes through support.
 */
export function SubscriptionPage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("subscription.title") });
  return (
    <section aria-labelledby="subscription-title" className="flex flex-col gap-6">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="subscription-title" className="text-lg font-semibold text-ink">
          {t("subscription.title")}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{t("subscription.description")}</p>
      </div>
      <CurrentPlan />
      <PlansGrid />
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
      <Spinner />
      {label}
    </p>
  );
}

function money(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(cents / 100);
}

/** The meter's key for "N used, unlimited": the French participle agrees with the meter's noun. */
const UNLIMITED = {
  seats: "subscription.meter.unlimitedSeats",
  signatures: "subscription.meter.unlimitedSignatures",
  apiCredits: "subscription.meter.unlimitedApiCredits",
} as const;

function Meter({
  kind,
  label,
  used,
  total,
}: {
  kind: keyof typeof UNLIMITED;
  label: string;
  used: number;
  total: number | null;
}) {
  const { t } = useTranslation("web");
  const { language } = useLanguage();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const text =
    total === null
      ? t(UNLIMITED[kind], { count: used, used: number(used) })
      : t("subscription.meter.usedOf", { used: number(used), total: number(total) });
  const full = total !== null && used >= total;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className={full ? "font-medium text-danger" : "text-ink-muted"}>{text}</span>
      </div>
      {total === null ? (
        // Unlimited: a dashed track in place of the bar keeps the meters aligned.
        <div aria-hidden="true" className="h-2 rounded-full border border-dashed border-border" />
      ) : (
        <progress
          className={`h-2 w-full appearance-none overflow-hidden rounded-full bg-border [&::-webkit-progress-bar]:bg-border ${
            full
              ? "[&::-moz-progress-bar]:bg-danger [&::-webkit-progress-value]:bg-danger"
              : "[&::-moz-progress-bar]:bg-brand-500 [&::-webkit-progress-value]:bg-brand-500"
          }`}
          max={Math.max(total, 1)}
          value={Math.min(used, total)}
          aria-label={`${label}: ${text}`}
        />
      )}
    </div>
  );
}

function CurrentPlan() {
  const { t } = useTranslation("web");
  const subscription = useSubscription();
  if (subscription.isPending) return <Loading label={t("subscription.loading")} />;
  if (subscription.isError) {
    return (
      <LoadFailure
        retryLabel={t("subscription.retry")}
        message={t("subscription.loadError")}
        error={subscription.error}
        retry={() => void subscription.refetch()}
      />
    );
  }
  return <CurrentPlanCard subscription={subscription.data} />;
}

function CurrentPlanCard({ subscription }: { subscription: GetSubscriptionResponse }) {
  const { t } = useTranslation("web");
  const { language } = useLanguage();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(iso),
    );
  return (
    <section
      aria-labelledby="current-plan-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="current-plan-title" className="text-base font-semibold text-ink">
          {t("subscription.currentPlan", { plan: subscription.plan.name[language] })}
        </h3>
        <Badge variant={subscription.status === "active" ? "success" : "warning"}>
          {t(`subscription.status.${subscription.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-ink-muted">
        {t("subscription.period", {
          start: date(subscription.periodStart),
          end: date(subscription.periodEnd),
        })}
      </p>
      <div className="grid gap-5 sm:grid-cols-3 sm:gap-6">
        <Meter kind="seats" label={t("subscription.seats")} {...subscription.seats} />
        <Meter
          kind="signatures"
          label={t("subscription.signatures")}
          {...subscription.signatures}
        />
        <Meter
          kind="apiCredits"
          label={t("subscription.apiCredits")}
          {...subscription.apiCredits}
        />
      </div>
    </section>
  );
}

function PlansGrid() {
  const { t } = useTranslation("web");
  const plans = usePlans();
  const [annual, setAnnual] = useState(false);
  const toggleId = useId();
  return (
    <section aria-labelledby="plans-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="plans-title" className="text-base font-semibold text-ink">
          {t("subscription.plans")}
        </h3>
        <div role="group" aria-labelledby={toggleId} className="flex gap-1">
          <span id={toggleId} className="sr-only">
            {t("subscription.billing")}
          </span>
          <Button
            variant={annual ? "secondary" : "primary"}
            aria-pressed={!annual}
            onClick={() => setAnnual(false)}
          >
            {t("subscription.monthly")}
          </Button>
          <Button
            variant={annual ? "primary" : "secondary"}
            aria-pressed={annual}
            onClick={() => setAnnual(true)}
          >
            {t("subscription.annual")}
          </Button>
        </div>
      </div>
      {plans.isPending ? (
        <Loading label={t("subscription.plansLoading")} />
      ) : plans.isError ? (
        <LoadFailure
          retryLabel={t("subscription.retry")}
          message={t("subscription.plansLoadError")}
          error={plans.error}
          retry={() => void plans.refetch()}
        />
      ) : plans.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("subscription.noPlans")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard key={plan.code} plan={plan} annual={annual} />
          ))}
        </ul>
      )}
      <p className="max-w-3xl text-sm text-ink-muted">
        {t("subscription.changePlan")}{" "}
        <Link to="/settings/support" className="font-medium text-brand-600 underline">
          {t("subscription.contactSupport")}
        </Link>
      </p>
    </section>
  );
}

function PlanCard({ plan, annual }: { plan: Plan; annual: boolean }) {
  const { t } = useTranslation("web");
  const { language } = useLanguage();
  const limit = (value: number | null, key: "seats" | "signatures" | "apiCredits") =>
    value === null
      ? t(`subscription.planLimits.${key}Unlimited`)
      : t(`subscription.planLimits.${key}`, {
          count: value,
          number: new Intl.NumberFormat(language).format(value),
        });
  return (
    <li
      className={`flex flex-col gap-2 rounded-card border bg-surface p-4 shadow-card sm:p-5 ${plan.recommended ? "border-brand-500 ring-1 ring-brand-500" : "border-border"}`}
      aria-label={plan.name[language]}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold text-ink">{plan.name[language]}</h4>
        {plan.recommended ? <Badge variant="success">{t("subscription.recommended")}</Badge> : null}
      </div>
      <p className="text-sm text-ink">
        <span className="text-xl font-semibold">
          {money(annual ? plan.annualPriceCents : plan.monthlyPriceCents, plan.currency, language)}
        </span>{" "}
        {annual ? t("subscription.perYear") : t("subscription.perMonth")}{" "}
        <span className="text-ink-muted">{t("subscription.exclVat")}</span>
      </p>
      <ul className="flex flex-col gap-1 text-sm text-ink-muted">
        <li>{limit(plan.seats, "seats")}</li>
        <li>{limit(plan.signaturesPerPeriod, "signatures")}</li>
        <li>{limit(plan.apiCreditsPerPeriod, "apiCredits")}</li>
      </ul>
    </li>
  );
}
