import { endpoints } from "@paraphe/api-sdk/contract";
import { listInvitations } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/list-invitations: the team's pending invitations. */
export const teamListInvitations = handler(
  endpoints.team.listInvitations,
  "session",
  membersDeps,
  async ({ caller, deps }) => {
    const member = await requireTeamPermission(deps, caller.userId, "read");
    return listInvitations(deps, member);
  },
);
