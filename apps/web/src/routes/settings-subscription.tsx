import { SubscriptionPage } from "../features/subscription/components/subscription-page";

/** /settings/subscription */
export function SettingsSubscriptionRoute() {
  return <SubscriptionPage />;
}
