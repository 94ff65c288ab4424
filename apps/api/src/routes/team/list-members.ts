import { endpoints } from "@paraphe/api-sdk/contract";
import { listMembers } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/list-members: one page of the team's members, the seats and the roles. */
export const teamListMembers = handler(
  endpoints.team.listMembers,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "read");
    return listMembers(deps, member, input);
  },
);
