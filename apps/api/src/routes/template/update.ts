import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { updateTemplate } from "../../templates/update-template";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/update: the title, default message and options. */
export const templateUpdate = handler(
  endpoints.template.update,
  "memberKeyOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await updateTemplate(deps, member, template.id, input);
    return loadTemplateDetail(deps, template.id);
  },
);
