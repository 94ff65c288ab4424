import { endpoints } from "@paraphe/api-sdk/contract";
import { listInvitations } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/list-invitations: the team's pending invitations. */
export const teamListInvitations = handler(
  endpoints.team.listInvitations,
  "member",
  membersDeps,
  async ({ member, deps }) => {
    requireTeamPermission(member, "read");
    return listInvitations(deps, member);
  },
);
