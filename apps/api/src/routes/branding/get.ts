import { endpoints } from "@paraphe/api-sdk/contract";
import { getBranding } from "../../branding/team-branding";
import { brandingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /branding/get: the team's branding (the defaults when it has none). */
export const brandingGet = handler(
  endpoints.branding.get,
  "member",
  brandingDeps,
  async ({ member, deps }) => {
    return { branding: await getBranding(deps, member) };
  },
);
