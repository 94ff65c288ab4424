import { MembersPage } from "../features/members/components/members-page";
import { PendingInvitationsPage } from "../features/members/components/pending-invitations-page";

export function SettingsMembersRoute() {
  return <MembersPage />;
}

export function SettingsPendingInvitationsRoute() {
  return <PendingInvitationsPage />;
}
