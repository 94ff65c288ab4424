import { DeleteTeamCard } from "../features/erasure/components/delete-team-card";
import { RetentionPage } from "../features/retention/components/retention-page";

/** /settings/retention: the retention policy, then the deletion of the team (Owners). */
export function SettingsRetentionRoute() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <RetentionPage />
      <DeleteTeamCard />
    </div>
  );
}
