import { endpoints } from "@paraphe/api-sdk/contract";
import { listMembers } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/list-members: one page of the team's members, the seats and the roles. */
export const teamListMembers = handler(
  endpoints.team.listMembers,
  "session",
  membersDeps,
  async ({ caller, input, deps }) => {
    const member = await requireTeamPermission(deps, caller.userId, "read");
    return listMembers(deps, member, input);
  },
);
