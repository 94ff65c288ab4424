import { MembersImportPage } from "../features/members/components/members-import-page";

export function SettingsMembersImportRoute() {
  return <MembersImportPage />;
}
