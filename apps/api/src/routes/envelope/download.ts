import { endpoints } from "@paraphe/api-sdk/contract";
import { AppError } from "../../errors/app-error";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { documentFile, proofFile } from "../../envelopes/document-files";
import { envelopeDeps } from "../../deps";
import { handler } from "../endpoint-handler";

/** POST /envelope/download: an original document; the sealed one and the proof once complete. */
export const envelopeDownload = handler(
  endpoints.envelope.download,
  "member",
  envelopeDeps,
  async ({ member, input, deps }) => {
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
    if (input.kind !== "original" && envelope.status !== "complete") {
      throw new AppError("CONFLICT", {
        message: "The sealed document and the proof exist once everyone has signed.",
        reason: "not_complete",
        suggestion: "Download them when the envelope is complete.",
      });
    }
    if (input.kind === "proof") return proofFile(deps.blobStore, envelope);
    return documentFile(deps, deps.blobStore, envelope.id, input.documentUuid, input.kind);
  },
);
