import { endpoints } from "@paraphe/api-sdk/contract";
import { createApiKey } from "../../api-keys/api-keys";
import { apiKeyDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /api-key/create: a new API key of the team; the answer carries its secret key, this once. */
export const apiKeyCreate = handler(
  endpoints.apiKey.create,
  "session",
  apiKeyDeps,
  async ({ caller, input, deps }) => {
    return createApiKey(deps, caller.userId, input);
  },
);
