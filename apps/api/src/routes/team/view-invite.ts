import { endpoints } from "@paraphe/api-sdk/contract";
import { viewInvite } from "../../members/accept-invite";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/view-invite (app-level credential, authorised by the token): what the invitee sees. */
export const teamViewInvite = handler(
  endpoints.team.viewInvite,
  "app",
  membersDeps,
  async ({ input, deps }) => {
    return viewInvite(deps, input.token);
  },
);
