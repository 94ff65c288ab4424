import { endpoints } from "@paraphe/api-sdk/contract";
import { uploadBrandLogo } from "../../branding/team-branding";
import { brandingDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /branding/upload-logo: a PNG or JPEG logo, stored as public data. */
export const brandingUploadLogo = handler(
  endpoints.branding.uploadLogo,
  "member",
  brandingDeps,
  async ({ member, input, deps }) => {
    return { branding: await uploadBrandLogo(deps, member, input) };
  },
);
