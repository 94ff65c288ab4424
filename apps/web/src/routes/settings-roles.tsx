import { RolesPage } from "../features/roles/components/roles-page";

export function SettingsRolesRoute() {
  return <RolesPage />;
}
