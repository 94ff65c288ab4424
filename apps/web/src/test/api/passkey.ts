import { TEST_PASSKEYS } from "./fixtures";
import { ok, type Handlers } from "./server";

/** POST /passkey/*: one passkey registered, registration and removal succeed. */
export const passkeyHandlers: Handlers = {
  "/passkey/registration-options": () =>
    ok({ options: { challenge: "Y2hhbGxlbmdl", rp: { name: "Paraphe" } } }),
  "/passkey/register": () =>
    ok({
      id: "cred_new",
      counter: 0,
      transports: ["internal"],
      createdAt: "2026-03-04T09:00:00.000Z",
      lastUsedAt: null,
    }),
  "/passkey/list": () => ok({ passkeys: TEST_PASSKEYS }),
  "/passkey/delete": () => ok({ deleted: true }),
};
