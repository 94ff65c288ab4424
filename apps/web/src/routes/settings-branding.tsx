import { BrandingPage } from "../features/branding/components/branding-page";

/** /settings/branding */
export function SettingsBrandingRoute() {
  return <BrandingPage />;
}
