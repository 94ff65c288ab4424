import { endpoints } from "@paraphe/api-sdk/contract";
import { registerPasskey } from "../../identity/passkeys";
import { sessionEmailProven } from "../../identity/sessions";
import { identityDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /passkey/register: verifies the browser's registration and stores the passkey. */
export const passkeyRegister = handler(
  endpoints.passkey.register,
  "session",
  identityDeps,
  async ({ caller, input, deps }) => {
    const passkey = await registerPasskey(
      deps,
      caller.userId,
      input.response,
      await sessionEmailProven(deps, caller.accessKey),
    );
    return passkey;
  },
);
