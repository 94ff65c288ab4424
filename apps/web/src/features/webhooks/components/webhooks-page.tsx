import type { WebhookEndpoint } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { Badge, Button, Card, EmptyState } from "@paraphe/ui-kit";
import { toast } from "../../../lib/toast";
import { ChevronDown, ChevronUp, Plus, Webhook } from "lucide-react";
import { useId, useState } from "react";
import { PermittedButton } from "../../../app/permissions/permitted-button";
import { formatDateTime } from "../../../lib/format";
import { usePageMeta } from "../../../lib/page-meta";
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks } from "../api/webhook-queries";
import { WebhookDeliveryLog } from "./webhook-delivery-log";
import { EVENT_LABEL_KEYS } from "./webhook-event-label";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { WebhookSecretDialog } from "./webhook-secret-dialog";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog";
import { SettingsSection } from "../../../components/settings-section";

/**
 * /settings/webhooks: the team's endpoints (URL, events, state), each with its delivery log and
 * replay; add or edit one, rotate its secret (shown once), delete it.
 */
export function WebhooksPage() {
  const { t } = useTranslation(["web", "common"]);
  usePageMeta({ title: t("web:webhooks.title") });
  const webhooks = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<WebhookEndpoint | null | "new">(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const addButton = (
    <PermittedButton permission="update Team webhooks" onClick={() => setEditing("new")}>
      <Plus aria-hidden="true" />
      {t("web:webhooks.add")}
    </PermittedButton>
  );

  return (
    <SettingsSection
      headingId="webhooks-title"
      title={t("web:webhooks.title")}
      description={t("web:webhooks.description")}
      actions={webhooks.data && webhooks.data.endpoints.length > 0 ? addButton : null}
      query={webhooks}
      loadError={t("web:webhooks.loadError")}
      loading={t("web:webhooks.loading")}
      skeletons={["h-24", "h-24"]}
    >
      {(data) => (
        <>
          {data.endpoints.length === 0 ? (
            <EmptyState
              icon={<Webhook />}
              title={t("web:webhooks.empty")}
              description={t("web:webhooks.emptyDescription")}
              action={addButton}
            />
          ) : (
            <ul aria-label={t("web:webhooks.listLabel")} className="flex flex-col gap-3">
              {data.endpoints.map((endpoint) => (
                <li key={endpoint.uuid}>
                  <EndpointCard
                    endpoint={endpoint}
                    onEdit={() => setEditing(endpoint)}
                    onRotate={() => {
                      rotate.reset();
                      setRotating(endpoint);
                    }}
                    onRemove={() => {
                      remove.reset();
                      setRemoving(endpoint);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <WebhookFormDialog
            endpoint={editing === "new" ? null : editing}
            open={editing !== null}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            onCreated={(created) => {
              setEditing(null);
              toast.success(t("web:webhooks.created"));
              setSecret(created.secret);
            }}
            onSaved={() => {
              setEditing(null);
              toast.success(t("web:webhooks.saved"));
            }}
          />
          <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
          <ConfirmActionDialog
            item={rotating}
            onClose={() => setRotating(null)}
            mutation={rotate}
            variables={(endpoint) => endpoint.uuid}
            onDone={(answer) => setSecret(answer.secret)}
            title={t("web:webhooks.rotate.title")}
            description={t("web:webhooks.rotate.description", { url: rotating?.url ?? "" })}
            confirmLabel={t("web:webhooks.rotate.confirm")}
          />
          <ConfirmActionDialog
            item={removing}
            onClose={() => setRemoving(null)}
            mutation={remove}
            variables={(endpoint) => endpoint.uuid}
            onDone={() => toast.success(t("web:webhooks.removed"))}
            title={t("web:webhooks.remove.title")}
            description={t("web:webhooks.remove.description", { url: removing?.url ?? "" })}
            confirmLabel={t("web:webhooks.remove.confirm")}
          />
        </>
      )}
    </SettingsSection>
  );
}

/** Which workspaces an endpoint covers, and whose rights bound them. */
function EndpointScope({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation(["web"]);
  const { accountable, workspaces } = endpoint;
  let text: string;
  if (accountable === null) text = t("web:webhooks.scopeOrphan");
  else if (workspaces?.length === 0) text = t("web:webhooks.scopeNone");
  else {
    const covered =
      workspaces === null
        ? t("web:webhooks.scopeAll", { name: accountable.name })
        : t("web:webhooks.scopeChosen", {
            workspaces: workspaces.map((workspace) => workspace.name).join(", "),
          });
    text = `${covered}. ${t("web:webhooks.scopeRule", { name: accountable.name })}`;
  }
  return <p className="text-sm break-words text-ink-muted">{text}</p>;
}

function EndpointCard({
  endpoint,
  onEdit,
  onRotate,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRotate: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation(["web"]);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-mono text-sm break-all text-ink">{endpoint.url}</h3>
        <Badge variant={endpoint.enabled ? "success" : "neutral"}>
          {endpoint.enabled ? t("web:webhooks.enabled") : t("web:webhooks.disabled")}
        </Badge>
      </div>
      <p className="text-sm text-ink-muted">
        {t("web:webhooks.eventsList", {
          events: endpoint.events.map((type) => t(EVENT_LABEL_KEYS[type])).join(", "),
        })}
      </p>
      <EndpointScope endpoint={endpoint} />
      <p className="text-xs text-ink-muted">
        {t("web:webhooks.dates", {
          created: formatDateTime(endpoint.createdAt, language),
          secret: formatDateTime(endpoint.secretCreatedAt, language),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {showLog ? t("web:webhooks.hideDeliveries") : t("web:webhooks.showDeliveries")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t("web:webhooks.editLabel", { url: endpoint.url })}
          onClick={onEdit}
        >
          {t("web:webhooks.edit")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t("web:webhooks.rotate.label", { url: endpoint.url })}
          onClick={onRotate}
        >
          {t("web:webhooks.rotate.button")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("web:webhooks.remove.label", { url: endpoint.url })}
          onClick={onRemove}
        >
          {t("web:webhooks.remove.button")}
        </Button>
      </div>
      {showLog ? <WebhookDeliveryLog endpointUuid={endpoint.uuid} id={logId} /> : null}
    </Card>
  );
}
