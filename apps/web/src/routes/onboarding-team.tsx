import { OnboardingTeamPage } from "../features/onboarding/components/onboarding-team-page";
import { LogoutButton } from "../layouts/public-layout/logout-button";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";

export function OnboardingTeamRoute() {
  return (
    <WebPublicLayout account={<LogoutButton />}>
      <OnboardingTeamPage />
    </WebPublicLayout>
  );
}
