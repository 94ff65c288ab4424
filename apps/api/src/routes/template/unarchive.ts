import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { unarchiveTemplate } from "../../templates/unarchive-template";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/unarchive: back to draft (or incomplete). */
export const templateUnarchive = handler(
  endpoints.template.unarchive,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await unarchiveTemplate(deps, member, template.id);
    return loadTemplateDetail(deps, template.id);
  },
);
