import { endpoints } from "@paraphe/api-sdk/contract";
import { discoverSso } from "../../sso/discovery";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/discover: the URLs of an issuer's discovery document, to prefill the SSO form. */
export const ssoDiscover = handler(
  endpoints.sso.discover,
  "member",
  ssoDeps,
  async ({ member, input, deps }) => {
    const { issuerUrl } = input;
    return discoverSso(deps, member, issuerUrl);
  },
);
