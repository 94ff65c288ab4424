import { endpoints } from "@paraphe/api-sdk/contract";
import { listPasskeys } from "../../identity/passkeys";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /passkey/list: the caller's passkeys. */
export const passkeyList = handler(
  endpoints.passkey.list,
  "session",
  identityDeps,
  async ({ caller, deps }) => {
    return { passkeys: await listPasskeys(deps, caller.userId) };
  },
);
