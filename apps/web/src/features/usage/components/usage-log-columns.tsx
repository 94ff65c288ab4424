import { type UsageEvent, type UsageEventType } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, type DataTableColumn } from "@paraphe/ui-kit";
import { useMemo } from "react";

/** The text of an event's details, by type; unknown keys as "key: value". */
export function useDetailsText() {
  const { t } = useTranslation("web");
  return (event: UsageEvent): string => {
    const { details } = event;
    const text = (key: string) => {
      const value = details[key];
      return value === undefined || value === null ? "" : String(value);
    };
    if (event.type === "envelope_sent" && details.envelopeId !== undefined) {
      return t("teamUsage.details.envelopeSent", { envelope: text("envelopeId") });
    }
    if (event.type === "api_credit" && details.path !== undefined) {
      return t("teamUsage.details.apiCredit", { path: text("path") });
    }
    if (event.type === "plan_changed" && details.plan !== undefined) {
      return details.previousPlan
        ? t("teamUsage.details.planChangedFrom", {
            plan: text("plan"),
            previous: text("previousPlan"),
          })
        : t("teamUsage.details.planChanged", { plan: text("plan") });
    }
    if (event.type === "retention_deleted" && details.envelopeId !== undefined) {
      return details.scope === "everything"
        ? t("teamUsage.details.retentionEverything", { envelope: text("envelopeId") })
        : t("teamUsage.details.retentionDocuments", { envelope: text("envelopeId") });
    }
    return Object.keys(details)
      .map((key) => `${key}: ${text(key)}`)
      .join(", ");
  };
}

/**
 * The columns of the usage log: on screen (the instant in the page's language, the type as a
 * badge, the details shortened, the user), in the exported files (the instant, the type code, the
 * details, and who: id, name, email), and the type's name in the page's language.
 */
export function useUsageLogColumns(language: string) {
  const { t } = useTranslation("web");
  const detailsText = useDetailsText();
  const dateTime = useMemo(
    () =>
      new Intl.DateTimeFormat(language, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        timeZone: "UTC",
        timeZoneName: "short",
      }),
    [language],
  );
  const typeLabel = (value: UsageEventType) => t(`teamUsage.types.${value}`);

  const columns = useMemo<DataTableColumn<UsageEvent>[]>(
    () => [
      {
        id: "at",
        header: t("teamUsage.log.columns.at"),
        value: (event) => event.at,
        cell: (event) => (
          <time dateTime={event.at} className="whitespace-nowrap">
            {dateTime.format(new Date(event.at))}
          </time>
        ),
        hideable: false,
      },
      {
        id: "type",
        header: t("teamUsage.log.columns.type"),
        value: (event) => event.type,
        cell: (event) => (
          <Badge variant={event.type === "envelope_sent" ? "success" : "neutral"}>
            {typeLabel(event.type)}
          </Badge>
        ),
      },
      {
        id: "details",
        header: t("teamUsage.log.columns.details"),
        value: (event) => detailsText(event),
        cell: (event) => {
          // Long identifiers are shortened on screen; the export and the tooltip hold them whole.
          const text = detailsText(event);
          return (
            <span title={text} className="break-words">
              {text.replace(
                /\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
                "$1…",
              )}
            </span>
          );
        },
        sortable: false,
      },
      {
        id: "user",
        header: t("teamUsage.log.columns.user"),
        value: (event) => event.user?.name ?? null,
        cell: (event) =>
          event.user ? (
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-ink">{event.user.name}</span>
              <span className="truncate text-xs text-ink-muted">{event.user.email}</span>
            </span>
          ) : (
            <span className="text-ink-muted">{t("teamUsage.log.noUser")}</span>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with `t` only
    [t, dateTime],
  );

  /** The columns of the files: the instant, the type code, the details, and who (id, name, email). */
  const exportColumns = useMemo(
    () => [
      { id: "at", header: t("teamUsage.log.columns.at"), value: (event: UsageEvent) => event.at },
      {
        id: "type",
        header: t("teamUsage.log.columns.type"),
        value: (event: UsageEvent) => event.type,
      },
      {
        id: "details",
        header: t("teamUsage.log.columns.details"),
        value: (event: UsageEvent) => detailsText(event),
      },
      {
        id: "userId",
        header: t("teamUsage.log.columns.userId"),
        value: (e: UsageEvent) => e.user?.id ?? null,
      },
      {
        id: "userName",
        header: t("teamUsage.log.columns.userName"),
        value: (e: UsageEvent) => e.user?.name ?? null,
      },
      {
        id: "userEmail",
        header: t("teamUsage.log.columns.userEmail"),
        value: (e: UsageEvent) => e.user?.email ?? null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with `t` only
    [t],
  );
  return { columns, exportColumns, typeLabel };
}
