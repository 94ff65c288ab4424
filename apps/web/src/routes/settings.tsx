import { SettingsLayout } from "../features/settings/components/settings-layout";

export function SettingsRoute() {
  return <SettingsLayout />;
}
