import type {
  BinaryFile,
  DownloadAttachmentRequest,
  ListEnvelopeAttachmentsResponse,
} from "@paraphe/api-sdk/contract";
import { AppError } from "../errors/app-error";
import type { Member } from "../membership/members";
import { attachmentView, loadEnvelopeAttachments } from "./attachment-store";
import { binaryFile, requireDocumentsKept } from "./document-files";
import { findEnvelopeForMember } from "./envelope-access";
import type { EnvelopeDeps } from "./envelope-deps";
import { loadRecipients, personOf } from "./views";

/**
 * POST /envelope/list-envelope-attachments: the files the envelope's signers attached, for a member
 * who may read the envelope (of their team, in a workspace of theirs: NOT_FOUND otherwise). A
 * signer's files show once they signed: before, they may still remove them.
 */
export async function listEnvelopeAttachments(
  deps: EnvelopeDeps,
  member: Member,
  envelopeUuid: string,
): Promise<ListEnvelopeAttachmentsResponse> {
  const envelope = await findEnvelopeForMember(deps, member, envelopeUuid, "read");
  const recipients = new Map(
    (await loadRecipients(deps.db, envelope.id)).map((row) => [row.id, row]),
  );
  const rows = await loadEnvelopeAttachments(deps.db, envelope.id);
  return {
    attachments: rows.flatMap((row) => {
      const recipient = recipients.get(row.recipientId);
      if (recipient?.status !== "signed") return [];
      return [
        { ...attachmentView(row), recipientUuid: row.recipientId, by: personOf(recipient).name },
      ];
    }),
  };
}

/**
 * POST /envelope/download-attachment: one signed signer's file, decrypted, for such a member;
 * CONFLICT `deleted_by_retention` once the team's retention policy deleted the documents.
 */
export async function downloadAttachment(
  deps: EnvelopeDeps,
  member: Member,
  input: DownloadAttachmentRequest,
): Promise<BinaryFile> {
  const envelope = await findEnvelopeForMember(deps, member, input.envelopeUuid, "read");
  const row = await deps.db
    .selectFrom("signerAttachment")
    .innerJoin("recipient", "recipient.id", "signerAttachment.recipientId")
    .select(["signerAttachment.blobKey", "signerAttachment.filename"])
    .where("signerAttachment.id", "=", input.attachmentUuid)
    .where("signerAttachment.envelopeId", "=", envelope.id)
    .where("recipient.status", "=", "signed")
    .executeTakeFirst();
  if (row === undefined) throw new AppError("NOT_FOUND", { message: "This file does not exist." });
  await requireDocumentsKept(deps.db, envelope.id);
  return binaryFile(deps.blobStore, row.blobKey, row.filename);
}
