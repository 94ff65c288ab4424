import { endpoints } from "@paraphe/api-sdk/contract";
import { deletePasskey } from "../../identity/passkeys";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /passkey/delete: removes one of the caller's passkeys (another's id: NOT_FOUND). */
export const passkeyDelete = handler(
  endpoints.passkey.delete,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    await deletePasskey(deps, caller.userId, input.id);
    return { deleted: true };
  },
);
