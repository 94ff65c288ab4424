import { endpoints } from "@paraphe/api-sdk/contract";
import { importInvitations } from "../../members/import-invitations";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/import-invitations: invites the rows of a CSV import with one role, all or none. */
export const teamImportInvitations = handler(
  endpoints.team.importInvitations,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    return importInvitations(deps, member, input);
  },
);
