import { SsoSettingsPage } from "../features/sso/components/sso-settings-page";
import { SsoTutorialPage } from "../features/sso/components/sso-tutorial-page";

/** /settings/sso */
export function SettingsSsoRoute() {
  return <SsoSettingsPage />;
}

/** /settings/sso-tutorial */
export function SettingsSsoTutorialRoute() {
  return <SsoTutorialPage />;
}
