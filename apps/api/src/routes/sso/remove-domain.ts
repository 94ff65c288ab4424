import { endpoints } from "@paraphe/api-sdk/contract";
import { removeSsoDomain } from "../../sso/sso-domains";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/remove-domain: removes a domain from the team's single sign-on. */
export const ssoRemoveDomain = handler(
  endpoints.sso.removeDomain,
  "member",
  ssoDeps,
  async ({ member, input, deps }) => {
    return removeSsoDomain(deps, member, input);
  },
);
