import { endpoints } from "@paraphe/api-sdk/contract";
import { removeMember } from "../../members/remove-member";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/remove-member: removes a member from the team. */
export const teamRemoveMember = handler(
  endpoints.team.removeMember,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    await removeMember(deps, member, input.userUuid);
    return { removed: true };
  },
);
