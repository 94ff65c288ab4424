import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { revokeInvite } from "../../members/revoke-invite";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/revoke-invite: revokes a pending invitation. */
export function registerTeamRevokeInvite(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.revokeInvite;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    await revokeInvite(deps, member, c.req.valid("json").invitationUuid);
    return c.json(endpoint.response.parse({ revoked: true }));
  });
}
