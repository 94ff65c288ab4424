import { TEST_CREDENTIAL, TEST_SESSIONS } from "./fixtures";
import { ok, type Handlers } from "./server";

/** POST /authentication/*: codes are sent, "ACDEFG" logs Léa in, sessions are listed and ended. */
export const authenticationHandlers: Handlers = {
  "/authentication/request-code": () => ok({ sent: true, expiresInSeconds: 600 }),
  "/authentication/verify-code": () => ok({ ...TEST_CREDENTIAL, isNewUser: false }),
  "/authentication/passkey-options": () =>
    ok({ challengeId: "challenge-1", options: { challenge: "Y2hhbGxlbmdl", rpId: "localhost" } }),
  "/authentication/passkey-login": () => ok({ ...TEST_CREDENTIAL, isNewUser: false }),
  "/authentication/list-sessions": () => ok({ sessions: TEST_SESSIONS }),
  "/authentication/terminate-sessions": ({ body }) =>
    ok({ terminated: (body as { filter: { accessKeys: string[] } }).filter.accessKeys.length }),
};
