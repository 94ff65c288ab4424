import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { saveTemplateFields } from "../../templates/save-template-fields";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/save-fields: the fields, placed per role. */
export const templateSaveFields = handler(
  endpoints.template.saveFields,
  "memberKeyOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await saveTemplateFields(deps, member, template.id, input.fields);
    return loadTemplateDetail(deps, template.id);
  },
);
