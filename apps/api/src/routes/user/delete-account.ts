import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteAccount } from "../../erasure/delete-account";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /user/delete-account: the signed-in person deletes their account after typing its email. */
export const userDeleteAccount = handler(
  endpoints.user.deleteAccount,
  "session",
  envelopeDeps,
  async ({ caller, input, deps }) => {
    const { teamDeleted } = await deleteAccount(deps, caller.userId, input);
    return { deleted: true as const, teamDeleted };
  },
);
