import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { listInvitations } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/list-invitations: the team's pending invitations. */
export function registerTeamListInvitations(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.listInvitations;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "read");
    return c.json(endpoint.response.parse(await listInvitations(deps, member)));
  });
}
