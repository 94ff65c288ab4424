import { useTranslation } from "@paraphe/i18n/react";
import { rowsFromRules } from "../forms/role-form-schema";

/** The rules of a role in words, read-only: what it allows, what it denies and why. */
export function RuleList({ rules }: { rules: readonly unknown[] }) {
  const { t } = useTranslation("web");
  const rows = rowsFromRules(rules);
  if (rows.length === 0) {
    return <p className="text-sm text-ink-muted">{t("settings.roles.form.noRules")}</p>;
  }
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {rows.map((row, index) => {
        const words = {
          action: t(`settings.roles.actions.${row.action}`),
          subject: t(`settings.roles.subjects.${row.subject}`),
        };
        return (
          <li key={index} className="rounded-control border border-border px-3 py-2">
            <span className="font-medium text-ink">
              {row.inverted
                ? t("settings.roles.rule.denies", words)
                : t("settings.roles.rule.allows", words)}
            </span>
            {row.fields !== "" ? (
              <span className="block text-ink-muted">
                {t("settings.roles.rule.fields", { fields: row.fields })}
              </span>
            ) : null}
            {row.conditions !== "" ? (
              <span className="block font-mono text-xs break-all text-ink-muted">
                {t("settings.roles.rule.conditions", { conditions: row.conditions })}
              </span>
            ) : null}
            {row.inverted && row.reason !== "" ? (
              <span className="block text-ink-muted">
                {t("settings.roles.rule.reason", { reason: row.reason })}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
