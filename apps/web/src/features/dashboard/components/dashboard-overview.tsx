import { useTranslation } from "@paraphe/i18n/react";
import { Card, CardContent, Skeleton, buttonVariants } from "@paraphe/ui-kit";
import { FileText, FileUp, Inbox, Settings } from "lucide-react";
import { Link } from "react-router";
import { usePermissions } from "../../../app/permissions/permissions-context";
import { RequestCard } from "../../../domain/request-card";
import { RECENT_REQUESTS_COUNT, useSigningRequests } from "../../../domain/signing-requests";
import { useDashboard } from "../api/dashboard-query";
import { QueryLoadError } from "../../../lib/load-failure";

/** Dashboard counts: pending signature, in progress, inbox. */
export function DashboardCounts() {
  const { t } = useTranslation(["web", "common"]);
  const dashboard = useDashboard();
  if (dashboard.isError) {
    return <QueryLoadError query={dashboard} message={t("web:dashboard.loadError")} />;
  }
  const counts = [
    {
      id: "pending",
      label: t("web:dashboard.counts.pendingSignature"),
      value: dashboard.data?.pendingSignature,
      to: "/envelopes/signing",
    },
    {
      id: "progress",
      label: t("web:dashboard.counts.inProgress"),
      value: dashboard.data?.inProgress,
      to: "/envelopes/signing",
    },
    {
      id: "inbox",
      label: t("web:dashboard.counts.inbox"),
      value: dashboard.data?.inboxPending,
      to: "/inbox",
    },
  ];
  return (
    <section aria-label={t("web:dashboard.counts.label")}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {counts.map((count) => (
          <li key={count.id}>
            <Card>
              <Link
                to={count.to}
                className="flex flex-col gap-1 p-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <span className="text-sm text-ink-muted">{count.label}</span>
                {count.value === undefined ? (
                  <Skeleton className="h-8 w-12" />
                ) : (
                  <span className="text-2xl font-semibold text-ink">{count.value}</span>
                )}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The first 5 requests, pending first (spec §4). */
export function RecentRequests() {
  const { t } = useTranslation(["web", "common"]);
  const requests = useSigningRequests();
  const recent = (requests.data ?? []).slice(0, RECENT_REQUESTS_COUNT);
  return (
    <section aria-labelledby="recent-requests" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-requests" className="text-base font-semibold text-ink">
          {t("web:dashboard.recent.title")}
        </h2>
        <Link to="/inbox" className="text-sm text-brand-700 underline-offset-2 hover:underline">
          {t("web:dashboard.recent.all")}
        </Link>
      </div>
      {requests.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : requests.isError ? (
        <QueryLoadError query={requests} />
      ) : recent.length === 0 ? (
        <Card>
          <CardContent className="pt-6 text-sm text-ink-muted">
            {t("web:dashboard.recent.empty")}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {recent.map((request) => (
            <li key={request.envelopeUuid}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Quick access: upload (for roles that may create envelopes), envelopes, inbox, settings. */
export function QuickAccess() {
  const { t } = useTranslation("web");
  const { can } = usePermissions();
  const links = [
    ...(can("create", "Envelope")
      ? [{ to: "/envelopes?upload=1", icon: FileUp, label: t("dashboard.quick.upload") }]
      : []),
    { to: "/envelopes", icon: FileText, label: t("nav.envelopes") },
    { to: "/inbox", icon: Inbox, label: t("nav.inbox") },
    { to: "/settings", icon: Settings, label: t("nav.settings") },
  ];
  return (
    <nav aria-label={t("dashboard.quickAccess")} className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-ink">{t("dashboard.quickAccess")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map(({ to, icon: Icon, label }) => (
          <li key={to}>
            <Link
              to={to}
              className={buttonVariants({
                variant: "secondary",
                className: "w-full justify-start",
              })}
            >
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
