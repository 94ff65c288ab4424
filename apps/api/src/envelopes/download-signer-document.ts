import { type AccessLink, type BinaryFile, type PreviewWidth } from "@paraphe/api-sdk/contract";
import type { EnvelopeDeps } from "./envelope-deps";
import { AppError } from "../errors/app-error";
import { documentFile, pagePreview, proofFile } from "./document-files";
import { verifyAccessLink } from "./link-access";
import { recordPageViewed } from "./page-reads";

/**
 * POST /envelope/download-signer-document: with `page`, that page's preview (recorded as viewed by
 * the recipient); without, the whole PDF: the original, or the sealed copy once complete; with
 * `proof`, the audit-log proof once complete (for every recipient, a copy's link too).
 */
export async function downloadSignerDocument(
  deps: EnvelopeDeps,
  input: AccessLink & {
    documentUuid?: string | undefined;
    page?: number | undefined;
    previewWidth?: PreviewWidth | undefined;
    proof?: boolean | undefined;
  },
): Promise<BinaryFile> {
  const { envelope, recipient } = await verifyAccessLink(deps, deps.db, input, {
    purpose: "download",
  });
  if (input.proof === true) {
    if (envelope.status !== "complete") {
      throw new AppError("CONFLICT", {
        message: "The proof exists once everyone has signed.",
        reason: "not_complete",
      });
    }
    return proofFile(deps.blobStore, envelope);
  }
  if (input.page !== undefined) {
    // A page not rendered yet is rendered at once: a signer never waits for the queue's turn.
    const preview = await pagePreview(
      deps,
      envelope.id,
      input.documentUuid,
      input.page,
      { owner: `recipient:${recipient.id}` },
      input.previewWidth,
    );
    await recordPageViewed(deps, recipient.id, preview.documentId, input.page);
    return { filename: preview.filename, contentType: preview.contentType, data: preview.data };
  }
  return documentFile(
    deps,
    deps.blobStore,
    envelope.id,
    input.documentUuid,
    // Before completion, the current revision: at AES it carries the earlier signers' signatures.
    envelope.status === "complete" ? "sealed" : "current",
  );
}
