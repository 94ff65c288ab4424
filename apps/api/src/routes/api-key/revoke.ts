import { endpoints } from "@paraphe/api-sdk/contract";
import { revokeApiKey } from "../../api-keys/api-keys";
import { apiKeyDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /api-key/revoke: the key stops working at once; irreversible. */
export const apiKeyRevoke = handler(
  endpoints.apiKey.revoke,
  "member",
  apiKeyDeps,
  async ({ member, input, deps }) => {
    return revokeApiKey(deps, member, input);
  },
);
