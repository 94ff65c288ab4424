import { endpoints } from "@paraphe/api-sdk/contract";
import type { AppRouter } from "../../http/context";
import { requireSessionCaller } from "../../auth/caller";
import type { EnvelopeDeps } from "../../envelopes/envelope-deps";
import { AppError } from "../../errors/app-error";
import { findEnvelopeForMember } from "../../envelopes/envelope-access";
import { requireMember } from "../../membership/members";
import { binaryFile, documentFile } from "../../envelopes/document-files";
import { validateJson } from "../../http/validate";

/** POST /envelope/download: an original document; the sealed one and the proof once complete. */
export function registerEnvelopeDownload(app: AppRouter, deps: EnvelopeDeps): void {
  const endpoint = endpoints.envelope.download;
  app.post(endpoint.path, validateJson(endpoint.request), async (c) => {
    const member = await requireMember(deps, requireSessionCaller(c).userId);
    const input = c.req.valid("json");
    const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
    if (input.kind !== "original" && envelope.status !== "complete") {
      throw new AppError("CONFLICT", {
        message: "The sealed document and the proof exist once everyone has signed.",
        reason: "not_complete",
        suggestion: "Download them when the envelope is complete.",
      });
    }
    if (input.kind === "proof") {
      if (envelope.proofBlobKey === null) throw new AppError("NOT_FOUND");
      const title = envelope.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "envelope";
      return c.json(
        endpoint.response.parse(
          await binaryFile(deps.blobStore, envelope.proofBlobKey, `${title}-proof.pdf`),
        ),
      );
    }
    return c.json(
      endpoint.response.parse(
        await documentFile(deps, deps.blobStore, envelope.id, input.documentUuid, input.kind),
      ),
    );
  });
}
