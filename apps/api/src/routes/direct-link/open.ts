import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { openDirectLink } from "../../templates/direct-link-visit";
import { handler } from "../endpoint-handler";

/** POST /direct-link/open (public, authorised by the direct link): what its page shows. */
export const directLinkOpen = handler(
  endpoints.directLink.open,
  "directLink",
  envelopeDeps,
  async ({ input, deps }) => openDirectLink(deps, input.token),
);
