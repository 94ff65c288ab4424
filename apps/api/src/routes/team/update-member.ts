import { endpoints } from "@paraphe/api-sdk/contract";
import { updateMember } from "../../members/update-member";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/update-member: changes a member's role and names. */
export const teamUpdateMember = handler(
  endpoints.team.updateMember,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    const updated = await updateMember(deps, member, input);
    return { member: updated };
  },
);
