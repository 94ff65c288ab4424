import { endpoints } from "@paraphe/api-sdk/contract";
import { myInvitationsOfUser } from "../../members/queries";
import { membersDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /team/my-invitations: the live invitations addressed to the signed-in person. */
export const teamMyInvitations = handler(
  endpoints.team.myInvitations,
  "session",
  membersDeps,
  async ({ caller, deps }) => {
    return myInvitationsOfUser(deps, caller.userId);
  },
);
