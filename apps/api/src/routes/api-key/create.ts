import { endpoints } from "@paraphe/api-sdk/contract";
import { createApiKey } from "../../api-keys/api-keys";
import { apiKeyDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /api-key/create: a new API key of the team; the answer carries its secret key, this once. */
export const apiKeyCreate = handler(
  endpoints.apiKey.create,
  "member",
  apiKeyDeps,
  async ({ member, input, deps }) => {
    return createApiKey(deps, member, input);
  },
);
