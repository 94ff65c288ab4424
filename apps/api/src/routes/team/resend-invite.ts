import { endpoints } from "@paraphe/api-sdk/contract";
import { resendInvite } from "../../members/resend-invite";
import { requireTeamPermission } from "../../members/team-access";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/resend-invite: sends a pending invitation again, with a new link. */
export const teamResendInvite = handler(
  endpoints.team.resendInvite,
  "member",
  membersDeps,
  async ({ member, input, deps }) => {
    requireTeamPermission(member, "update");
    const invitation = await resendInvite(deps, member, input.invitationUuid);
    return { invitation };
  },
);
