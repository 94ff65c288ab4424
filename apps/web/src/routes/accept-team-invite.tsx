import { useSession } from "../app/session/session-context";
import { AcceptInvitePage } from "../features/members/components/accept-invite-page";
import { LogoutButton } from "../layouts/public-layout/logout-button";
import { WebPublicLayout } from "../layouts/public-layout/public-layout";

export function AcceptTeamInviteRoute() {
  const { status } = useSession();
  return (
    <WebPublicLayout account={status === "authenticated" ? <LogoutButton /> : undefined}>
      <AcceptInvitePage />
    </WebPublicLayout>
  );
}
