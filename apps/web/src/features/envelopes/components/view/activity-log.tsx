import { EXPIRED_CANCEL_REASON } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Skeleton } from "@paraphe/ui-kit";
import { ShieldAlert } from "lucide-react";
import { formatDateTime } from "../../../../lib/format";
import { useEnvelopeActivity } from "../../api/envelope-queries";

/** The envelope's activity log (spec §3 event types), with a warning when its hash chain is broken. */
export function ActivityLog({ envelopeUuid }: { envelopeUuid: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const activity = useEnvelopeActivity(envelopeUuid);
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="activity-heading" className="text-base font-semibold text-ink">
          {t("web:view.activity.title")}
        </h2>
        {activity.data && !activity.data.chainValid ? (
          <Badge variant="danger" title={t("web:view.activity.chainInvalidHint")}>
            <ShieldAlert aria-hidden="true" />
            {t("web:view.activity.chainInvalid")}
          </Badge>
        ) : null}
      </div>
      {activity.isPending ? (
        <div className="flex flex-col gap-2">
          <span role="status" className="sr-only">
            {t("web:view.activity.loading")}
          </span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : activity.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          {t("web:view.activity.loadError")}
          <Button variant="secondary" size="sm" onClick={() => void activity.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : activity.data.events.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("web:view.activity.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l border-border pl-4">
          {activity.data.events.map((event, index) => (
            <li
              key={`${event.type}-${event.at}-${index}`}
              className="flex flex-col gap-0.5 text-sm"
            >
              <span className="font-medium text-ink">
                {t(`web:view.activity.types.${event.type}`)}
              </span>
              <span className="text-ink-muted">
                <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
                {event.actor
                  ? ` · ${event.actor.name ? `${event.actor.name} (${event.actor.email})` : event.actor.email}`
                  : ""}
              </span>
              {event.recipients.length > 0 ? (
                <span className="text-ink-muted">
                  {t("web:view.activity.recipients", {
                    names: event.recipients
                      .map((recipient) => recipient.name || recipient.email)
                      .join(", "),
                  })}
                </span>
              ) : null}
              {event.fromTemplate ? (
                <span className="text-ink-muted">
                  {t("web:view.activity.fromTemplate", { title: event.fromTemplate.title })}
                </span>
              ) : null}
              {event.viaApiKey ? (
                <span className="text-ink-muted">
                  {t("web:view.activity.viaApiKey", { description: event.viaApiKey.description })}
                </span>
              ) : null}
              {event.reason ? (
                <span className="text-ink-muted">
                  {t("web:view.activity.reason", {
                    reason:
                      event.type === "envelopeCanceled" && event.reason === EXPIRED_CANCEL_REASON
                        ? t("web:view.expiredReason")
                        : event.reason,
                  })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
