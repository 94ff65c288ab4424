import { endpoints } from "@paraphe/api-sdk/contract";
import { listApiKeys } from "../../api-keys/api-keys";
import { apiKeyDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /api-key/list: the team's API keys, active and revoked (never a secret). */
export const apiKeyList = handler(
  endpoints.apiKey.list,
  "member",
  apiKeyDeps,
  async ({ member, deps }) => {
    return listApiKeys(deps, member);
  },
);
