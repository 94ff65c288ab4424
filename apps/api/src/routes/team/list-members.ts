import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { listMembers } from "../../members/queries";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/list-members: one page of the team's members, the seats and the roles. */
export function registerTeamListMembers(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.listMembers;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "read");
    return c.json(endpoint.response.parse(await listMembers(deps, member, c.req.valid("json"))));
  });
}
