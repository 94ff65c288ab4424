import { endpoints } from "@paraphe/api-sdk/contract";
import { envelopeDeps } from "../../deps";
import { saveDirectLink } from "../../templates/direct-link";
import { handler } from "../endpoint-handler";

/** POST /template/direct-link/save: turns the template's direct link on, or changes it. */
export const templateDirectLinkSave = handler(
  endpoints.template.saveDirectLink,
  "member",
  envelopeDeps,
  async ({ input, deps, member }) => saveDirectLink(deps, member, input),
);
