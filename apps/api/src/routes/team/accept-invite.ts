import { endpoints } from "@paraphe/api-sdk/contract";
import { acceptInvite } from "../../members/accept-invite";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /team/accept-invite (app-level credential, authorised by the token): the account with the
 * invitation's email joins the team, in its default workspace.
 */
export const teamAcceptInvite = handler(
  endpoints.team.acceptInvite,
  "app",
  membersDeps,
  async ({ input, deps }) => {
    return acceptInvite(deps, input.token);
  },
);
