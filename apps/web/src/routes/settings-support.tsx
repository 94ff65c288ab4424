import { SupportPage } from "../features/support/components/support-page";

/** /settings/support */
export function SettingsSupportRoute() {
  return <SupportPage />;
}
