import { endpoints } from "@paraphe/api-sdk/contract";
import { uploadEnvelope } from "../../envelopes/upload-envelope";
import { loadTemplateDetail } from "../../templates/template-views";
import { requestOrigin } from "../envelope/origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/create: a new template from one or more PDFs (checked like an envelope upload). */
export const templateCreate = handler(
  endpoints.template.create,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const id = await uploadEnvelope(deps, member, input, requestOrigin(c), "template");
    return loadTemplateDetail(deps, id);
  },
);
