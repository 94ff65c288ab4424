import { endpoints } from "@paraphe/api-sdk/contract";
import { addSsoDomain } from "../../sso/sso-domains";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/add-domain: claims an email domain for the team's single sign-on (pending until verified). */
export const ssoAddDomain = handler(
  endpoints.sso.addDomain,
  "member",
  ssoDeps,
  async ({ member, input, deps }) => {
    return addSsoDomain(deps, member, input);
  },
);
