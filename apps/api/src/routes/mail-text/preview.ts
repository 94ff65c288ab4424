import { endpoints } from "@paraphe/api-sdk/contract";
import { renderSampleMail } from "../../envelopes/mail-text-preview";
import { previewMailText } from "../../mail-texts/team-mail-texts";
import { mailTextDeps } from "../../mail-texts/mail-text-deps";
import { handler } from "../endpoint-handler";

/** POST /mail-text/preview: a text rendered as its mail, with sample values. */
export const mailTextPreview = handler(
  endpoints.mailText.preview,
  "member",
  mailTextDeps,
  async ({ member, input, deps }) => {
    return await previewMailText(deps, member, input, renderSampleMail);
  },
);
