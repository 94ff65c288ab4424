import { endpoints } from "@paraphe/api-sdk/contract";
import { getSso } from "../../sso/sso-configuration";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/get: the team's single sign-on configuration (never its client secret), or null. */
export const ssoGet = handler(endpoints.sso.get, "member", ssoDeps, async ({ member, deps }) => {
  return getSso(deps, member);
});
