import { endpoints } from "@paraphe/api-sdk/contract";
import { inviteMember } from "../../members/invite-member";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/invite: invites a person into the team with a role. */
export const teamInvite = handler(
  endpoints.team.invite,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    const invitation = await inviteMember(deps, member, input);
    return { invitation };
  },
);
