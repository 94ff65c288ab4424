import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { saveTemplateRoles } from "../../templates/save-template-roles";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/save-recipients: the roles (labelled), in signing order. */
export const templateSaveRecipients = handler(
  endpoints.template.saveRecipients,
  "memberKeyOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await saveTemplateRoles(deps, member, template.id, input.roles);
    return loadTemplateDetail(deps, template.id);
  },
);
