import { PasskeysPage } from "../features/passkeys/components/passkeys-page";

export function SettingsPasskeysRoute() {
  return <PasskeysPage />;
}
