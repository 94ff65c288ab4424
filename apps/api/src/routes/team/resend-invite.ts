import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import { validateJson } from "../../http/validate";
import type { MembersDeps } from "../../members/members-deps";
import { resendInvite } from "../../members/resend-invite";
import { requireTeamPermission } from "../../members/team-access";

/** POST /team/resend-invite: sends a pending invitation again, with a new link. */
export function registerTeamResendInvite(app: AppRouter, deps: MembersDeps): void {
  const endpoint = endpoints.team.resendInvite;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireTeamPermission(deps, requireSessionCaller(c).userId, "update");
    const invitation = await resendInvite(deps, member, c.req.valid("json").invitationUuid);
    return c.json(endpoint.response.parse({ invitation }));
  });
}
