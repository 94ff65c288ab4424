import { type EnvelopeSummary } from "@paraphe/api-sdk/contract";

/** Drafts open in the editor, the others in the view. */
export function envelopeHref(envelope: Pick<EnvelopeSummary, "uuid" | "workspaceUuid" | "status">) {
  const page = envelope.status === "draft" ? "edit" : "view";
  return `/envelopes/${envelope.workspaceUuid}/${envelope.uuid}/${page}`;
}
