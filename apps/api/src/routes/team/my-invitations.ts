import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { myInvitationsOfUser } from "../../members/queries";

/** POST /team/my-invitations: the live invitations addressed to the signed-in person. */
export function registerTeamMyInvitations(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.myInvitations;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    return c.json(endpoint.response.parse(await myInvitationsOfUser(deps, caller.userId)));
  });
}
