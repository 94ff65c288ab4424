import type { WebhookDelivery } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Skeleton, type BadgeVariant } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { useErrorText } from "../../../lib/api/error-text";
import { formatDateTime } from "../../../lib/format";
import { useReplayWebhookDelivery, useWebhookDeliveries } from "../api/webhook-queries";
import { EVENT_LABEL_KEYS } from "./webhook-event-label";
import { QueryLoadError } from "../../../lib/load-failure";

const STATUS_VARIANT: Record<WebhookDelivery["status"], BadgeVariant> = {
  pending: "warning",
  delivered: "success",
  failed: "danger",
};

/**
 * The envelope a delivery is about: its title, linked to the envelope, when the member may read
 * it; otherwise said to be one they cannot open.
 */
function DeliveryEnvelope({ envelope }: { envelope: NonNullable<WebhookDelivery["envelope"]> }) {
  const { t } = useTranslation("web");
  if (envelope.title === null || envelope.workspaceUuid === null) {
    return <p className="text-ink-muted">{t("webhooks.deliveries.envelopeHidden")}</p>;
  }
  return (
    <p className="min-w-0 break-words">
      <span className="text-ink-muted">{t("webhooks.deliveries.envelope")} </span>
      <Link
        to={`/envelopes/${envelope.workspaceUuid}/${envelope.uuid}/view`}
        className="font-medium text-brand-700 underline underline-offset-2 hover:no-underline"
      >
        {envelope.title}
      </Link>
    </p>
  );
}

/** An endpoint's delivery log, newest first, page after page, each with a replay button. */
export function WebhookDeliveryLog({ endpointUuid, id }: { endpointUuid: string; id: string }) {
  const { t, i18n } = useTranslation(["web", "common"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorText = useErrorText();
  const deliveries = useWebhookDeliveries(endpointUuid);
  const replay = useReplayWebhookDelivery(endpointUuid);

  if (deliveries.isPending) {
    return (
      <div id={id} className="flex flex-col gap-2">
        <span role="status" className="sr-only">
          {t("web:webhooks.deliveries.loading")}
        </span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (deliveries.isError) {
    return (
      <QueryLoadError id={id} query={deliveries} message={t("web:webhooks.deliveries.loadError")} />
    );
  }
  const items = deliveries.data.pages.flatMap((page) => page.deliveries);
  if (items.length === 0) {
    return (
      <p id={id} className="text-sm text-ink-muted">
        {t("web:webhooks.deliveries.empty")}
      </p>
    );
  }
  return (
    <div id={id} className="flex flex-col gap-2">
      <ul aria-label={t("web:webhooks.deliveries.label")} className="flex flex-col gap-2">
        {items.map((delivery) => (
          <li
            key={delivery.uuid}
            className="flex flex-col gap-1 rounded-card border border-border p-3 text-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_VARIANT[delivery.status]}>
                {t(`web:webhooks.deliveries.status.${delivery.status}`)}
              </Badge>
              <span className="font-medium text-ink">
                {t(EVENT_LABEL_KEYS[delivery.eventType])}
              </span>
              {delivery.replayOfUuid !== null ? (
                <span className="text-xs text-ink-muted">
                  {t("web:webhooks.deliveries.replayed")}
                </span>
              ) : null}
            </div>
            {delivery.envelope !== null ? <DeliveryEnvelope envelope={delivery.envelope} /> : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-ink-muted">
              <dt>{t("web:webhooks.deliveries.created")}</dt>
              <dd>{formatDateTime(delivery.createdAt, language)}</dd>
              <dt>{t("web:webhooks.deliveries.attempts")}</dt>
              <dd>{delivery.attempts}</dd>
              {delivery.lastResponseStatus !== null ? (
                <>
                  <dt>{t("web:webhooks.deliveries.responseStatus")}</dt>
                  <dd>{delivery.lastResponseStatus}</dd>
                </>
              ) : null}
              {delivery.lastError !== null ? (
                <>
                  <dt>{t("web:webhooks.deliveries.lastError")}</dt>
                  <dd className="break-words text-danger">{delivery.lastError}</dd>
                </>
              ) : null}
              {delivery.nextAttemptAt !== null ? (
                <>
                  <dt>{t("web:webhooks.deliveries.nextAttempt")}</dt>
                  <dd>{formatDateTime(delivery.nextAttemptAt, language)}</dd>
                </>
              ) : null}
              {delivery.deliveredAt !== null ? (
                <>
                  <dt>{t("web:webhooks.deliveries.deliveredAt")}</dt>
                  <dd>{formatDateTime(delivery.deliveredAt, language)}</dd>
                </>
              ) : null}
            </dl>
            <div>
              <Button
                variant="secondary"
                size="sm"
                loading={replay.isPending && replay.variables === delivery.uuid}
                aria-label={t("web:webhooks.deliveries.replayLabel", {
                  event: t(EVENT_LABEL_KEYS[delivery.eventType]),
                  date: formatDateTime(delivery.createdAt, language),
                })}
                onClick={() =>
                  replay.mutate(delivery.uuid, {
                    onSuccess: () => toast.success(t("web:webhooks.deliveries.replayQueued")),
                    onError: (error) => toast.error(errorText.apiError(error)),
                  })
                }
              >
                <RotateCcw aria-hidden="true" />
                {t("web:webhooks.deliveries.replay")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {deliveries.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          loading={deliveries.isFetchingNextPage}
          onClick={() => void deliveries.fetchNextPage()}
        >
          {t("web:webhooks.deliveries.more")}
        </Button>
      ) : null}
    </div>
  );
}
