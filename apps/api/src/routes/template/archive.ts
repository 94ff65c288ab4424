import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { archiveTemplate } from "../../templates/archive-template";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/archive: the template can no longer be used. */
export const templateArchive = handler(
  endpoints.template.archive,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await archiveTemplate(deps, member, template.id);
    return loadTemplateDetail(deps, template.id);
  },
);
