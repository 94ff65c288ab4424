import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Skeleton } from "@paraphe/ui-kit";
import { ScrollText, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "../../../../lib/format";
import { useEnvelopeActivity } from "../../api/envelope-queries";
import { activityActorText, useActivityEventDetails } from "./activity-event-details";

/** The events the envelope view shows; the document logs screen shows them all. */
export const LATEST_EVENTS = 5;

/**
 * The envelope's latest activity (spec §3 event types), with a warning when its hash chain is
 * broken, and the way to the document logs (`logs` beside the view's route) with every event.
 */
export function ActivityLog({ envelopeUuid }: { envelopeUuid: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const activity = useEnvelopeActivity(envelopeUuid);
  const details = useActivityEventDetails();
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
          {activity.data.events.slice(-LATEST_EVENTS).map((event, index) => (
            <li
              key={`${event.type}-${event.at}-${index}`}
              className="flex flex-col gap-0.5 text-sm"
            >
              <span className="font-medium text-ink">
                {t(`web:view.activity.types.${event.type}`)}
              </span>
              <span className="text-ink-muted">
                <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
                {event.actor ? ` · ${activityActorText(event)}` : ""}
              </span>
              {details(event).map((line) => (
                <span key={line} className="text-ink-muted">
                  {line}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
      {activity.data && activity.data.events.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {activity.data.events.length > LATEST_EVENTS ? (
            <span className="text-ink-muted">
              {t("web:view.logs.latest", {
                count: LATEST_EVENTS,
                total: activity.data.events.length,
              })}
            </span>
          ) : null}
          <Link
            to="../logs"
            relative="path"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <ScrollText aria-hidden="true" className="size-4" />
            {t("web:view.logs.open", { count: activity.data.events.length })}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
