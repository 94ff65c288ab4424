import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, RecipientRow } from "../db/database";
import { newRecipientLink } from "../envelopes/access-links";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { settingsOf } from "../envelopes/field-settings";
import { blobKeys } from "../envelopes/file-keys";
import { loadDocuments, loadFields, loadRecipients } from "../envelopes/views";

/** What a copied recipient becomes: its label, email and names in the copy. */
export type RecipientOverride = (
  recipient: RecipientRow,
  index: number,
) => {
  label: string | null;
  email: string;
  firstname: string;
  lastname: string;
  /** The person's phone (for a check by SMS); none when left out. */
  phone?: string | null;
};

/**
 * Copies the content of the envelope or template `sourceId` into the new row `targetId`, inside
 * the caller's transaction: its documents (the original files, copied under the new row's keys,
 * so that deleting either row never takes the other's files), their page previews and unreadable
 * pages, its recipients
 * (every column, so columns added later travel too, with a new id and link and the signing state
 * of a recipient who has not been invited, no phone unless `override` gives one; `override` sets
 * label, email, names and phone) and its fields
 * (values left empty), reassigned to the copies. Every file written is pushed to `stored` as it
 * is written, so that the caller removes them when the transaction does not commit.
 */
export async function copyEnvelopeContent(
  deps: EnvelopeDeps,
  trx: Kysely<Database>,
  sourceId: string,
  targetId: string,
  override: RecipientOverride,
  stored: string[],
): Promise<void> {
  const documentIds = new Map<string, string>();
  for (const document of await loadDocuments(trx, sourceId)) {
    const documentId = randomUUID();
    documentIds.set(document.id, documentId);
    const key = blobKeys.original(targetId, documentId);
    await copyBlob(deps, document.blobKey, key, stored);
    await trx
      .insertInto("envelopeDocument")
      .values({
        id: documentId,
        envelopeId: targetId,
        position: document.position,
        filename: document.filename,
        pageCount: document.pageCount,
        pages: JSON.stringify(document.pages),
        sha256: document.sha256,
        blobKey: key,
        unreadablePages: document.unreadablePages,
      })
      .execute();
    const previews = await trx
      .selectFrom("documentPreview")
      .selectAll()
      .where("documentId", "=", document.id)
      .orderBy("page")
      .execute();
    for (const preview of previews) {
      const previewKey = blobKeys.preview(targetId, documentId, preview.page, preview.contentType);
      await copyBlob(deps, preview.blobKey, previewKey, stored);
      await trx
        .insertInto("documentPreview")
        .values({ ...preview, documentId, blobKey: previewKey })
        .execute();
    }
  }

  const recipientIds = new Map<string, string>();
  for (const [index, recipient] of (await loadRecipients(trx, sourceId)).entries()) {
    const { id: sourceRecipientId, envelopeId: _source, ...columns } = recipient;
    const link = newRecipientLink(deps.linkKey);
    recipientIds.set(sourceRecipientId, link.id);
    const { phone = null, ...person } = override(recipient, index);
    await trx
      .insertInto("recipient")
      .values({
        ...columns,
        ...person,
        ...link,
        envelopeId: targetId,
        phone,
        status: "pending",
        linkCreatedAt: null,
        invitedAt: null,
        lastRemindedAt: null,
        openedAt: null,
        signedAt: null,
        approvedAt: null,
        declinedAt: null,
        declineReason: null,
        signatureBlobKey: null,
        initialsBlobKey: null,
        verifiedAt: null,
      })
      .execute();
  }

  const fields = await loadFields(trx, sourceId);
  // New ids, and the conditions made to name the copies of the fields they named.
  const fieldIds = new Map(fields.map((field) => [field.id, randomUUID()]));
  if (fields.length > 0) {
    await trx
      .insertInto("field")
      .values(
        fields.map(({ id, settings: _settings, ...field }) => {
          const settings = settingsOf({ settings: _settings });
          const condition = settings.condition;
          return {
            ...field,
            id: fieldIds.get(id) ?? randomUUID(),
            envelopeId: targetId,
            documentId: documentIds.get(field.documentId) ?? field.documentId,
            recipientId: recipientIds.get(field.recipientId) ?? field.recipientId,
            value: null,
            settings: JSON.stringify(
              condition === undefined
                ? settings
                : {
                    ...settings,
                    condition: {
                      ...condition,
                      fieldUuid: fieldIds.get(condition.fieldUuid) ?? condition.fieldUuid,
                    },
                  },
            ),
          };
        }),
      )
      .execute();
  }
}

async function copyBlob(
  deps: EnvelopeDeps,
  from: string,
  to: string,
  stored: string[],
): Promise<void> {
  // Streamed: a large document is re-encrypted (under its new key) a record at a time.
  const blob = await deps.blobStore.getStream(from);
  if (blob === null) throw new Error(`the file ${from} is missing`);
  try {
    await deps.blobStore.putStream(to, blob.content, { contentType: blob.contentType });
  } finally {
    await blob.cancel();
  }
  stored.push(to);
}
