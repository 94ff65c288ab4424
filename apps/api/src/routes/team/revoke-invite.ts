import { endpoints } from "@paraphe/api-sdk/contract";
import { revokeInvite } from "../../members/revoke-invite";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/revoke-invite: revokes a pending invitation. */
export const teamRevokeInvite = handler(
  endpoints.team.revokeInvite,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    await revokeInvite(deps, member, input.invitationUuid);
    return { revoked: true };
  },
);
