import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { viewInvite } from "../../members/accept-invite";

/** POST /team/view-invite (app-level credential, authorised by the token): what the invitee sees. */
export function registerTeamViewInvite(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.viewInvite;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    return c.json(endpoint.response.parse(await viewInvite(deps, c.req.valid("json").token)));
  });
}
