import { endpoints } from "@paraphe/api-sdk/contract";
import { removeBrandLogo } from "../../branding/team-branding";
import { brandingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /branding/remove-logo: removes the team's logo. */
export const brandingRemoveLogo = handler(
  endpoints.branding.removeLogo,
  "member",
  brandingDeps,
  async ({ member, deps }) => {
    return { branding: await removeBrandLogo(deps, member) };
  },
);
