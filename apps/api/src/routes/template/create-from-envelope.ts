import { endpoints } from "@paraphe/api-sdk/contract";
import { loadTemplateDetail } from "../../templates/template-views";
import { createTemplateFromEnvelope } from "../../templates/create-template-from-envelope";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/create-from-envelope: an envelope the member may read, saved as a new template. */
export const templateCreateFromEnvelope = handler(
  endpoints.template.createFromEnvelope,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const id = await createTemplateFromEnvelope(deps, member, input);
    return loadTemplateDetail(deps, id);
  },
);
