import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { inviteMember } from "../../members/invite-member";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/invite: invites a person into the team with a role. */
export function registerTeamInvite(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.invite;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    const invitation = await inviteMember(deps, member, c.req.valid("json"));
    return c.json(endpoint.response.parse({ invitation }));
  });
}
