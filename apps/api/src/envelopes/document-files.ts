import type { BinaryFile } from "@paraphe/api-sdk/contract";
import { type Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";

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

/** The preview image of one page of one of the envelope's documents. */
export async function pagePreview(
  { db }: { db: Kysely<Database> },
  blobStore: BlobStore,
  envelopeId: string,
  documentId: string | undefined,
  page: number,
): Promise<BinaryFile & { documentId: string }> {
  let query = db
    .selectFrom("envelopeDocument")
    .innerJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
    .select([
      "envelopeDocument.id",
      "envelopeDocument.filename",
      "documentPreview.blobKey",
      "documentPreview.contentType",
    ])
    .where("envelopeDocument.envelopeId", "=", envelopeId)
    .where("documentPreview.page", "=", page);
  query =
    documentId === undefined
      ? query.where("envelopeDocument.position", "=", 0)
      : query.where("envelopeDocument.id", "=", documentId);
  const row = await query.executeTakeFirst();
  if (row === undefined) {
    throw new AppError("NOT_FOUND", { message: "This page does not exist in the document." });
  }
  const extension = row.contentType === "image/webp" ? "webp" : "png";
  const base = row.filename.replace(/\.pdf$/i, "");
  return {
    ...(await binaryFile(blobStore, row.blobKey, `${base}-page-${page + 1}.${extension}`)),
    documentId: row.id,
  };
}

/** One of the envelope's documents: its original, or its sealed copy once sealed. */
export async function documentFile(
  { db }: { db: Kysely<Database> },
  blobStore: BlobStore,
  envelopeId: string,
  documentId: string | undefined,
  kind: "original" | "sealed",
): Promise<BinaryFile> {
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
  return binaryFile(blobStore, document.blobKey, document.filename);
}
