import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { getDirectLink } from "../../templates/direct-link";
import { handler } from "../endpoint-handler";

/** POST /template/direct-link/get: the template's direct link, or null. */
export const templateDirectLinkGet = handler(
  endpoints.template.getDirectLink,
  "member",
  envelopeDeps,
  async ({ input, deps, member }) => getDirectLink(deps, member, input.templateUuid),
);
