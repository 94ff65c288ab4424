import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { joinByInvitation } from "../../members/accept-invite";

/** POST /team/join: accepts, as the signed-in person, an invitation addressed to them. */
export function registerTeamJoin(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.join;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const caller = requireSessionCaller(c);
    const { invitationUuid } = c.req.valid("json");
    return c.json(
      endpoint.response.parse(await joinByInvitation(deps, caller.userId, invitationUuid)),
    );
  });
}
