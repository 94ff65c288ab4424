import { endpoints } from "@paraphe/api-sdk/contract";
import { deleteSso } from "../../sso/sso-configuration";
import { ssoDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /sso/delete: removes the team's single sign-on configuration. */
export const ssoDelete = handler(
  endpoints.sso.delete,
  "member",
  ssoDeps,
  async ({ member, deps }) => {
    return deleteSso(deps, member);
  },
);
