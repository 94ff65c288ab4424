import { endpoints } from "@paraphe/api-sdk/contract";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { pagePreview } from "../../envelopes/document-files";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/page-preview: the preview image of one page. */
export const envelopePagePreview = handler(
  endpoints.envelope.pagePreview,
  "memberOrEmbed",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
    const preview = await pagePreview(deps, envelope.id, input.documentUuid, input.page, {
      owner: member.userId,
    });
    return {
      filename: preview.filename,
      contentType: preview.contentType,
      data: preview.data,
    };
  },
);
