import { WebhooksPage } from "../features/webhooks/components/webhooks-page";

/** /settings/webhooks */
export function SettingsWebhooksRoute() {
  return <WebhooksPage />;
}
