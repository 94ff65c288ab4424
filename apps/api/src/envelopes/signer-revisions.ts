import type { Kysely } from "kysely";
import type { BlobStore } from "../blob/blob-store";
import type { Database, EnvelopeRow, RecipientRow } from "../db/database";
import { sha256Hex } from "../documents/inspect";
import type { StampField } from "../documents/stamp";
import { documentStamps } from "./document-stamps";
import { shownFields } from "./field-settings";
import { blobKeys } from "./file-keys";
import { loadDocuments, senderOf } from "./views";

/** One document's current revision and this signer's stamps on it, to be signed. */
export interface RevisionToSign {
  base: Uint8Array;
  stamps: StampField[];
  document: { id: string; filename: string };
}

/**
 * A signer's own signature on every document of the envelope (AES and QES), inside the signing
 * transaction, their row already `signed`: on each document's current revision (the original, or
 * what the previous signer left) their fields are drawn and `sign` adds their signature in one
 * incremental update (the document worker); the result is stored encrypted as the document's new
 * current revision. The transaction's lock on the envelope makes signers take turns on the
 * revisions; should it roll back, the blob written is overwritten at the next try (its key is the
 * signer's) and the orphan sweep removes it otherwise.
 */
export async function addSignerRevisions(
  deps: { blobStore: BlobStore },
  trx: Kysely<Database>,
  envelope: EnvelopeRow,
  signer: RecipientRow,
  everyone: readonly RecipientRow[],
  images: { signature: Uint8Array; initials?: Uint8Array | undefined },
  at: Date,
  sign: (revision: RevisionToSign) => Promise<Uint8Array>,
): Promise<void> {
  const sender = await senderOf(trx, envelope);
  const dateFormat = new Intl.DateTimeFormat(sender.language, {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const pictures = new Map<string, Uint8Array>([[`s:${signer.id}`, images.signature]]);
  if (images.initials !== undefined) pictures.set(`i:${signer.id}`, images.initials);
  // Every field of the envelope decides which are shown; this signer's are drawn.
  const fields = shownFields(
    await trx.selectFrom("field").selectAll().where("envelopeId", "=", envelope.id).execute(),
  ).filter((field) => field.recipientId === signer.id);
  // The signers in their order, so that initials on every page sit where the seal would put them.
  const signers = everyone
    .filter((row) => row.kind === "signer")
    .map((row) =>
      row.id === signer.id ? { ...signer, status: "signed" as const, signedAt: at } : row,
    );

  for (const document of await loadDocuments(trx, envelope.id)) {
    const baseKey = document.revisionBlobKey ?? document.blobKey;
    const base = await deps.blobStore.get(baseKey);
    if (base === null) throw new Error(`blob ${baseKey} is missing`);
    const stamps = documentStamps({
      fields: fields.filter((field) => field.documentId === document.id),
      recipients: signers,
      images: pictures,
      dateFormat,
      initialsOnAllPages: envelope.initialsOnAllPages,
      pageCount: document.pageCount,
    });
    const signed = await sign({ base: base.bytes, stamps, document });
    const key = blobKeys.revision(envelope.id, document.id, signer.id);
    await deps.blobStore.put(key, signed, { contentType: "application/pdf" });
    await trx
      .updateTable("envelopeDocument")
      .set({ revisionBlobKey: key, revisionSha256: sha256Hex(signed) })
      .where("id", "=", document.id)
      .execute();
  }
}
