import { endpoints } from "@paraphe/api-sdk/contract";
import { terminateSessions } from "../../identity/sessions";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/**
 * POST /authentication/terminate-sessions: ends the caller's sessions named in
 * `filter.accessKeys` (the current one included, at logout). Keys of other people's sessions are
 * ignored, silently: the answer counts only what was ended.
 */
export const authenticationTerminateSessions = handler(
  endpoints.authentication.terminateSessions,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    const { filter } = input;
    const terminated = await terminateSessions(deps, caller.userId, filter.accessKeys, deps.now());
    return { terminated };
  },
);
