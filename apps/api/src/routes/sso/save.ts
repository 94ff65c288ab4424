import { endpoints } from "@paraphe/api-sdk/contract";
import { saveSso } from "../../sso/sso-configuration";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/save: creates or replaces the team's single sign-on configuration. */
export const ssoSave = handler(
  endpoints.sso.save,
  "member",
  ssoDeps,
  async ({ member, input, deps }) => {
    return saveSso(deps, member, input);
  },
);
