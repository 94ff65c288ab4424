import { ApiKeysPage } from "../features/api-keys/components/api-keys-page";

/** /settings/api-keys */
export function SettingsApiKeysRoute() {
  return <ApiKeysPage />;
}
