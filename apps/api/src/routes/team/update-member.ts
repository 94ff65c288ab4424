import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { updateMember } from "../../members/update-member";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/update-member: changes a member's role and names. */
export function registerTeamUpdateMember(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.updateMember;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    const updated = await updateMember(deps, member, c.req.valid("json"));
    return c.json(endpoint.response.parse({ member: updated }));
  });
}
