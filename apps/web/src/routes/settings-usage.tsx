import { UsagePage } from "../features/usage/components/usage-page";

/** /settings/usage */
export function SettingsUsageRoute() {
  return <UsagePage />;
}
