import { endpoints } from "@paraphe/api-sdk/contract";
import { verifySsoDomain } from "../../sso/sso-domains";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/verify-domain: looks up a claimed domain's DNS TXT record and marks it verified. */
export const ssoVerifyDomain = handler(
  endpoints.sso.verifyDomain,
  "member",
  ssoDeps,
  async ({ member, input, deps }) => {
    return verifySsoDomain(deps, member, input);
  },
);
