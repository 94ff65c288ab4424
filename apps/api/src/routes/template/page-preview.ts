import { endpoints } from "@paraphe/api-sdk/contract";
import { findTemplateForMember } from "../../templates/template-access";
import { pagePreview } from "../../envelopes/document-files";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/page-preview: the preview image of one page of a template's document. */
export const templatePagePreview = handler(
  endpoints.template.pagePreview,
  "memberKeyOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const template = await findTemplateForMember(deps, member, input.templateUuid, "read");
    const preview = await pagePreview(deps, template.id, input.documentUuid, input.page, {
      owner: member.userId,
    });
    return {
      filename: preview.filename,
      contentType: preview.contentType,
      data: preview.data,
    };
  },
);
