import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { disableDirectLink } from "../../templates/direct-link";
import { handler } from "../endpoint-handler";

/** POST /template/direct-link/disable: turns the template's direct link off. */
export const templateDirectLinkDisable = handler(
  endpoints.template.disableDirectLink,
  "member",
  envelopeDeps,
  async ({ input, deps, member }) => disableDirectLink(deps, member, input.templateUuid),
);
