import { endpoints } from "@paraphe/api-sdk/contract";
import { saveBranding } from "../../branding/team-branding";
import { brandingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /branding/save: replaces the team's branding texts, colour, links and "Sent with Paraphe". */
export const brandingSave = handler(
  endpoints.branding.save,
  "member",
  brandingDeps,
  async ({ member, input, deps }) => {
    return { branding: await saveBranding(deps, member, input) };
  },
);
