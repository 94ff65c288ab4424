import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { importInvitations } from "../../members/import-invitations";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/import-invitations: invites the rows of a CSV import with one role, all or none. */
export function registerTeamImportInvitations(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.importInvitations;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    return c.json(
      endpoint.response.parse(await importInvitations(deps, member, c.req.valid("json"))),
    );
  });
}
