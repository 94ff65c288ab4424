import type { SignerAttachment } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { SignerAttachmentRow } from "../db/tables/attachments";

/** A signer's attachment as the contract shows it. */
export function attachmentView(row: SignerAttachmentRow): SignerAttachment {
  return {
    uuid: row.id,
    fieldUuid: row.fieldId,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The files one recipient uploaded on their envelope, oldest first. */
export async function loadRecipientAttachments(
  db: Kysely<Database>,
  recipientId: string,
): Promise<SignerAttachmentRow[]> {
  return db
    .selectFrom("signerAttachment")
    .selectAll()
    .where("recipientId", "=", recipientId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** Every signer's files of an envelope, oldest first. */
export async function loadEnvelopeAttachments(
  db: Kysely<Database>,
  envelopeId: string,
): Promise<SignerAttachmentRow[]> {
  return db
    .selectFrom("signerAttachment")
    .selectAll()
    .where("envelopeId", "=", envelopeId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}
