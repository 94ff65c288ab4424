import { endpoints } from "@paraphe/api-sdk/contract";
import { listSessions, signInSessionLifetimes } from "../../identity/sessions";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /authentication/list-sessions: the caller's live sessions, the current one flagged. */
export const authenticationListSessions = handler(
  endpoints.authentication.listSessions,
  "session",
  identityDeps,
  async ({ caller, deps }) => {
    const sessions = await listSessions(
      deps,
      caller.userId,
      caller.accessKey,
      deps.now(),
      signInSessionLifetimes(deps.config),
    );
    return { sessions };
  },
);
