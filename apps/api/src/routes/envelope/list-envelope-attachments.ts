import { endpoints } from "@paraphe/api-sdk/contract";
import { listEnvelopeAttachments } from "../../envelopes/envelope-attachments";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/list-envelope-attachments: the files the envelope's signers attached. */
export const envelopeListEnvelopeAttachments = handler(
  endpoints.envelope.listEnvelopeAttachments,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => listEnvelopeAttachments(deps, member, input.envelopeUuid),
);
