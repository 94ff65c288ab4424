import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { deleteTemplate } from "../../templates/delete-template";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/delete: deletes a template and its files. */
export const templateDelete = handler(
  endpoints.template.delete,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const { templateUuid } = input;
    const template = await findTemplateForMember(deps, member, templateUuid, "delete");
    await deleteTemplate(deps, member, template.id);
    return { deleted: true };
  },
);
