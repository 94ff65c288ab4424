import { endpoints } from "@paraphe/api-sdk/contract";
import { loadDetail } from "../../envelopes/views";
import { createEnvelopeFromTemplate } from "../../templates/create-envelope-from-template";
import { requestOrigin } from "../envelope/origin";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /template/create-envelope: a new envelope from an active template, a person per role; sent at once with `send`. */
export const templateCreateEnvelope = handler(
  endpoints.template.createEnvelope,
  "memberOrKey",
  envelopeDeps,
  async ({ member, input, deps, c }) => {
    const id = await createEnvelopeFromTemplate(deps, member, input, requestOrigin(c));
    return loadDetail(deps, id, member.email);
  },
);
