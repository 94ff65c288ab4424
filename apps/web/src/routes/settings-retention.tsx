import { RetentionPage } from "../features/retention/components/retention-page";

/** /settings/retention */
export function SettingsRetentionRoute() {
  return <RetentionPage />;
}
