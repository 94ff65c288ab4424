import {
  DEFAULT_PREVIEW_WIDTH,
  RETENTION_DELETED_REASON,
  type BinaryFile,
  type PreviewWidth,
} from "@paraphe/api-sdk/contract";
import { type Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { renderPageOnDemand, sizedPagePreview, type PreviewDeps } from "./page-previews";

/** A stored file as the binary-file answer (base64). */
export async function binaryFile(
  blobStore: BlobStore,
  key: string,
  filename: string,
): Promise<BinaryFile> {
  const blob = await blobStore.get(key);
  if (blob === null) throw new AppError("NOT_FOUND", { message: "This file is not available." });
  return {
    filename,
    contentType: blob.contentType,
    data: Buffer.from(blob.bytes).toString("base64"),
  };
}

/** The envelope's audit-log proof, named after its title (once complete). */
export async function proofFile(
  blobStore: BlobStore,
  envelope: { title: string; proofBlobKey: string | null },
): Promise<BinaryFile> {
  if (envelope.proofBlobKey === null) throw new AppError("NOT_FOUND");
  const title = envelope.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "envelope";
  return binaryFile(blobStore, envelope.proofBlobKey, `${title}-proof.pdf`);
}

/**
 * The preview image of one page of one of the envelope's documents. A page of the document whose
 * preview the queue has not rendered yet is rendered at once (`renderPageOnDemand`, counted in
 * `render.owner`'s share of the uploads lane: 429 RATE_LIMITED or 503 SERVICE_BUSY with Retry-After
 * when the lane is full, which the apps retry); a page pdf.js cannot draw answers CONFLICT
 * `preview_failed` (at once when it was recorded unreadable). With `render: false`, a page
 * without its preview yet answers NOT_FOUND. `width`: one of the narrower preview widths, drawn
 * on demand the first time (`sizedPagePreview`) once the page's preview at the default width
 * exists, and kept; that default one is served when the narrower one cannot be drawn now.
 */
export async function pagePreview(
  deps: PreviewDeps,
  envelopeId: string,
  documentId: string | undefined,
  page: number,
  render: { owner: string } | false,
  width: PreviewWidth = DEFAULT_PREVIEW_WIDTH,
): Promise<BinaryFile & { documentId: string }> {
  await requireDocumentsKept(deps.db, envelopeId);
  let query = deps.db
    .selectFrom("envelopeDocument")
    .leftJoin("documentPreview", (join) =>
      join
        .onRef("documentPreview.documentId", "=", "envelopeDocument.id")
        .on("documentPreview.page", "=", page),
    )
    .select([
      "envelopeDocument.id",
      "envelopeDocument.filename",
      "envelopeDocument.pageCount",
      "envelopeDocument.unreadablePages",
      "envelopeDocument.blobKey as originalKey",
      "documentPreview.blobKey",
      "documentPreview.contentType",
    ])
    .where("envelopeDocument.envelopeId", "=", envelopeId);
  query =
    documentId === undefined
      ? query.where("envelopeDocument.position", "=", 0)
      : query.where("envelopeDocument.id", "=", documentId);
  let row = await query.executeTakeFirst();
  if (row === undefined || page >= row.pageCount || (row.blobKey === null && render === false)) {
    throw new AppError("NOT_FOUND", { message: "This page does not exist in the document." });
  }
  if (row.blobKey === null && render !== false) {
    // A page already found unreadable is not drawn again.
    if (!row.unreadablePages.includes(page)) {
      await renderPageOnDemand(deps, row.id, page, render.owner);
      row = await query.executeTakeFirst();
    }
    if (row?.blobKey === null || row?.blobKey === undefined) throw previewFailed();
  }
  const { blobKey, contentType } = row as { blobKey: string; contentType: string };
  const base = row.filename.replace(/\.pdf$/i, "");
  if (width < DEFAULT_PREVIEW_WIDTH && render !== false) {
    const sized = await sizedPagePreview(
      deps,
      { id: row.id, envelopeId, blobKey: row.originalKey },
      page,
      width,
      render.owner,
    );
    if (sized !== null) {
      return {
        filename: `${base}-page-${page + 1}.${sized.contentType === "image/webp" ? "webp" : "png"}`,
        contentType: sized.contentType,
        data: Buffer.from(sized.bytes).toString("base64"),
        documentId: row.id,
      };
    }
  }
  const extension = contentType === "image/webp" ? "webp" : "png";
  return {
    ...(await binaryFile(deps.blobStore, blobKey, `${base}-page-${page + 1}.${extension}`)),
    documentId: row.id,
  };
}

function previewFailed(): AppError {
  return new AppError("CONFLICT", {
    message: "This page of the document cannot be shown.",
    suggestion: "Download the document to read this page.",
    reason: "preview_failed",
  });
}

/**
 * CONFLICT `deleted_by_retention` when the team's retention policy deleted the envelope's
 * documents (its proof and activity remain).
 */
export async function requireDocumentsKept(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<void> {
  const row = await db
    .selectFrom("envelope")
    .select("documentsDeletedAt")
    .where("id", "=", envelopeId)
    .executeTakeFirst();
  if (row?.documentsDeletedAt != null) {
    throw new AppError("CONFLICT", {
      message: "This document was deleted by the team's retention policy.",
      suggestion: "The proof and the activity of the envelope remain available.",
      reason: RETENTION_DELETED_REASON,
    });
  }
}

/**
 * One of the envelope's documents: its original, its current revision (at AES, the original with
 * the signatures added so far) or its sealed copy once sealed.
 */
export async function documentFile(
  { db }: { db: Kysely<Database> },
  blobStore: BlobStore,
  envelopeId: string,
  documentId: string | undefined,
  kind: "original" | "current" | "sealed",
): Promise<BinaryFile> {
  await requireDocumentsKept(db, envelopeId);
  let query = db.selectFrom("envelopeDocument").selectAll().where("envelopeId", "=", envelopeId);
  query =
    documentId === undefined ? query.where("position", "=", 0) : query.where("id", "=", documentId);
  const document = await query.executeTakeFirst();
  if (document === undefined) {
    throw new AppError("NOT_FOUND", { message: "This document does not exist in the envelope." });
  }
  if (kind === "sealed") {
    if (document.sealedBlobKey === null) {
      throw new AppError("CONFLICT", {
        message: "The sealed document exists once everyone has signed.",
        reason: "not_complete",
      });
    }
    const base = document.filename.replace(/\.pdf$/i, "");
    return binaryFile(blobStore, document.sealedBlobKey, `${base}-signed.pdf`);
  }
  // `current`: at AES, the original with the signatures of those who signed so far.
  const key =
    kind === "current" ? (document.revisionBlobKey ?? document.blobKey) : document.blobKey;
  return binaryFile(blobStore, key, document.filename);
}
