import type {
  AccessLink,
  RemoveAttachmentRequest,
  SignerAttachmentsResponse,
} from "@paraphe/api-sdk/contract";
import { AppError } from "../errors/app-error";
import { attachmentView, loadRecipientAttachments } from "./attachment-store";
import { conflict } from "./command-errors";
import type { EnvelopeDeps } from "./envelope-deps";
import { verifyAccessLink } from "./link-access";

/** POST /envelope/list-attachments: the files the link's recipient attached, oldest first. */
export async function listAttachments(
  deps: EnvelopeDeps,
  input: AccessLink,
): Promise<SignerAttachmentsResponse> {
  const { recipient } = await verifyAccessLink(deps, deps.db, input, { purpose: "read" });
  const rows = await loadRecipientAttachments(deps.db, recipient.id);
  return { attachments: rows.map(attachmentView) };
}

/**
 * POST /envelope/remove-attachment: a signer removes one of their files, until they sign
 * (CONFLICT once they signed or declined); another recipient's file answers NOT_FOUND.
 */
export async function removeAttachment(
  deps: EnvelopeDeps,
  input: RemoveAttachmentRequest,
): Promise<SignerAttachmentsResponse> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const { recipient } = await verifyAccessLink(deps, trx, input, { lock: true, purpose: "sign" });
    if (recipient.status !== "pending") {
      throw conflict(`You can no longer remove files: your request is ${recipient.status}.`);
    }
    const row = await trx
      .deleteFrom("signerAttachment")
      .where("id", "=", input.attachmentUuid)
      .where("recipientId", "=", recipient.id)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) {
      throw new AppError("NOT_FOUND", { message: "This file does not exist." });
    }
    return { row, rest: await loadRecipientAttachments(trx, recipient.id) };
  });
  await deps.blobStore.delete(removed.row.blobKey);
  return { attachments: removed.rest.map(attachmentView) };
}
