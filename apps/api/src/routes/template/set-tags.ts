import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { setTemplateTags } from "../../templates/set-template-tags";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/set-tags: replaces the template's tags. */
export const templateSetTags = handler(
  endpoints.template.setTags,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "update");
    await setTemplateTags(deps, member, template.id, input.tagUuids);
    return loadTemplateDetail(deps, template.id);
  },
);
