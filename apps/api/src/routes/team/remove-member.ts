import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { removeMember } from "../../members/remove-member";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/remove-member: removes a member from the team. */
export function registerTeamRemoveMember(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.removeMember;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    await removeMember(deps, member, c.req.valid("json").userUuid);
    return c.json(endpoint.response.parse({ removed: true }));
  });
}
