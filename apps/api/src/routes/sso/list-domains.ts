import { endpoints } from "@paraphe/api-sdk/contract";
import { listSsoDomains } from "../../sso/sso-domains";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/list-domains: the team's single sign-on domains, with the DNS record each needs. */
export const ssoListDomains = handler(
  endpoints.sso.listDomains,
  "member",
  ssoDeps,
  async ({ member, deps }) => {
    return listSsoDomains(deps, member);
  },
);
