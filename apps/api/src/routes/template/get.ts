import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { loadTemplateDetail } from "../../templates/template-views";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/get: the whole template (documents, roles, fields per role, options). */
export const templateGet = handler(
  endpoints.template.get,
  "memberKeyOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const { templateUuid } = input;
    const template = await findTemplateForMember(deps, member, templateUuid, "read");
    return loadTemplateDetail(deps, template.id);
  },
);
