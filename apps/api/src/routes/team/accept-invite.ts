import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { acceptInvite } from "../../members/accept-invite";

/**
 * POST /team/accept-invite (app-level credential, authorised by the token): the account with the
 * invitation's email joins the team, in its default workspace.
 */
export function registerTeamAcceptInvite(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.acceptInvite;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(endpoint.response.parse(await acceptInvite(deps, c.req.valid("json").token)));
  });
}
