import { SecuritySettingsPage } from "../features/security/components/security-settings-page";

export function SettingsSecurityRoute() {
  return <SecuritySettingsPage />;
}
