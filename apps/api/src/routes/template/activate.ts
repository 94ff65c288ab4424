import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { activateTemplate } from "../../templates/activate-template";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/activate: a complete template becomes usable. */
export const templateActivate = handler(
  endpoints.template.activate,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await activateTemplate(deps, member, template.id);
    return loadTemplateDetail(deps, template.id);
  },
);
