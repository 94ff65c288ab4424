import { endpoints } from "@paraphe/api-sdk/contract";
import { joinByInvitation } from "../../members/accept-invite";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/join: accepts, as the signed-in person, an invitation addressed to them. */
export const teamJoin = handler(
  endpoints.team.join,
  "session",
  membersDeps,
  async ({ caller, input, deps }) => {
    const { invitationUuid } = input;
    return joinByInvitation(deps, caller.userId, invitationUuid);
  },
);
