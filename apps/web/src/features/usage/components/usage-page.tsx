import { useTranslation } from "@paraphe/i18n/react";
import { usePageMeta } from "../../../lib/page-meta";
import { UsageChartsCard } from "./usage-charts-card";
import { UsageLog } from "./usage-log";

/**
 * /settings/usage (spec §2, §3 Usage log, §8, §9): envelopes sent and API credits consumed per
 * day, week or month as charts (with the same numbers as a table for screen readers), and the
 * usage log (date and time, type, details, user) with a type filter, a date range, page size and
 * CSV or JSON export of the whole filtered range through `/usage/export`.
 */
export function UsagePage() {
  const { t } = useTranslation("web");
  usePageMeta({ title: t("teamUsage.title") });
  return (
    <section aria-labelledby="usage-title" className="flex flex-col gap-6">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="usage-title" className="text-lg font-semibold text-ink">
          {t("teamUsage.title")}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{t("teamUsage.description")}</p>
      </div>
      <UsageChartsCard />
      <UsageLog />
    </section>
  );
}
