import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { confirmDirectLink } from "../../templates/direct-link-visit";
import { requestOrigin } from "../envelope/origin";
import { handler } from "../endpoint-handler";

/**
 * POST /direct-link/confirm (public, authorised by the direct link): the visitor's code; their
 * envelope is made and sent, and its access link answered.
 */
export const directLinkConfirm = handler(
  endpoints.directLink.confirm,
  "directLink",
  envelopeDeps,
  async ({ input, deps, c }) => confirmDirectLink(deps, input, requestOrigin(c)),
);
