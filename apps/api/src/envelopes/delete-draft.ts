import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { EnvelopeDeps } from "./envelope-deps";
import { lockDraftFor } from "./envelope-store";
import { sizedPreviewKeys } from "./file-keys";
import { type Member } from "../membership/members";

/**
 * Deletes a draft with its files. The status is checked on the locked row, and the files go only
 * once the row is gone: a delete that loses a race with sending answers CONFLICT and leaves them.
 */
export async function deleteDraft(
  deps: EnvelopeDeps,
  member: Member,
  envelopeId: string,
): Promise<void> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    const envelope = await lockDraftFor(trx, member, envelopeId, "delete");
    return deleteEnvelopeRow(trx, envelope.id);
  });
  await Promise.allSettled([...keys].map((key) => deps.blobStore.delete(key)));
}

/**
 * Deletes the envelope or template `envelopeId`, locked by the caller, with everything that hangs
 * off it; answers the keys of its documents' files, for the caller to delete once committed.
 */
export async function deleteEnvelopeRow(
  trx: Kysely<Database>,
  envelopeId: string,
): Promise<Set<string>> {
  const documents = await trx
    .selectFrom("envelopeDocument")
    .leftJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
    .select([
      "envelopeDocument.id",
      "envelopeDocument.blobKey",
      "documentPreview.blobKey as previewKey",
      "documentPreview.page",
    ])
    .where("envelopeDocument.envelopeId", "=", envelopeId)
    .execute();
  await trx.deleteFrom("envelope").where("id", "=", envelopeId).execute();
  return new Set(
    documents.flatMap((row) => [
      row.blobKey,
      ...(row.previewKey === null ? [] : [row.previewKey]),
      // The page's previews at the narrower widths, drawn or not (deleting none is harmless).
      ...(row.page === null ? [] : sizedPreviewKeys(envelopeId, row.id, row.page)),
    ]),
  );
}
