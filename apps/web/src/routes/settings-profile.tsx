import { DataExportCard } from "../features/erasure/components/data-export-card";
import { DeleteAccountCard } from "../features/erasure/components/delete-account-card";
import { ProfileSettingsPage } from "../features/profile/components/profile-settings-page";

/** /settings/profile: the profile, then the download of one's data and the deletion of the account. */
export function SettingsProfileRoute() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ProfileSettingsPage />
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}
