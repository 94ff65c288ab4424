import { DeleteAccountCard } from "../features/erasure/components/delete-account-card";
import { ProfileSettingsPage } from "../features/profile/components/profile-settings-page";

/** /settings/profile: the profile, then the deletion of the account. */
export function SettingsProfileRoute() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ProfileSettingsPage />
      <DeleteAccountCard />
    </div>
  );
}
