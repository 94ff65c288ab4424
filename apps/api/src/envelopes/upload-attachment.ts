import { randomUUID } from "node:crypto";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES_PER_RECIPIENT,
  type SignerAttachmentsResponse,
  type UploadAttachmentRequest,
} from "@paraphe/api-sdk/contract";
import { isDocumentError } from "../documents/document-error";
import { sha256Hex } from "../documents/inspect";
import { inspectPdfOffThread } from "../documents/worker-pool";
import { AppError } from "../errors/app-error";
import { sniffAttachmentType, typeOfFilename } from "./attachment-content";
import { attachmentView, loadRecipientAttachments } from "./attachment-store";
import { conflict } from "./command-errors";
import type { EnvelopeDeps } from "./envelope-deps";
import { settingsOf } from "./field-settings";
import { blobKeys } from "./file-keys";
import { verifyAccessLink } from "./link-access";
import { isTurn } from "./turns";
import { loadRecipients } from "./views";

/** VALIDATION_ERROR on the file (`data`) with a stable code the apps translate. */
function fileRefused(message: string, code: string, params?: Record<string, number>): AppError {
  return new AppError("VALIDATION_ERROR", {
    message,
    suggestion: "Upload a PDF, PNG or JPEG file of at most 10 MB.",
    fields: [
      { path: "data", code: "custom", message: code, ...(params === undefined ? {} : { params }) },
    ],
  });
}

/**
 * Checks a signer's file: at most ATTACHMENT_MAX_BYTES counted on the decoded bytes
 * (`attachment_too_large`), a PDF, PNG or JPEG by its content (`attachment_type`) whose name's extension
 * says the same type (`attachment_type_mismatch`: a PNG named `.pdf` is refused), and a PDF inspected the way
 * uploads are (its document error's code: unreadable, encrypted, active content...).
 */
export async function checkAttachmentFile(
  deps: Pick<EnvelopeDeps, "config">,
  filename: string,
  bytes: Uint8Array,
  owner: string,
): Promise<{ contentType: NonNullable<ReturnType<typeof sniffAttachmentType>>; sha256: string }> {
  if (bytes.length > ATTACHMENT_MAX_BYTES) {
    throw fileRefused("The file is larger than 10 MB.", "attachment_too_large", {
      size: bytes.length,
      limit: ATTACHMENT_MAX_BYTES,
    });
  }
  const contentType = sniffAttachmentType(bytes);
  if (contentType === null) {
    throw fileRefused("Only PDF, PNG and JPEG files can be attached.", "attachment_type");
  }
  if (typeOfFilename(filename) !== contentType) {
    throw fileRefused(
      "The file's content does not match its name's extension.",
      "attachment_type_mismatch",
    );
  }
  if (contentType === "application/pdf") {
    try {
      await inspectPdfOffThread(
        bytes,
        { maxBytes: ATTACHMENT_MAX_BYTES, maxPages: deps.config.maxUploadPages },
        owner,
      );
    } catch (error) {
      if (!isDocumentError(error)) throw error;
      throw fileRefused(`This PDF cannot be attached: ${error.message}`, error.code, {
        ...error.params,
      });
    }
  }
  return { contentType, sha256: sha256Hex(bytes) };
}

/**
 * POST /envelope/upload-attachment: a signer adds a file to one of their attachment fields before
 * they sign. Refused unless the link may still sign, the recipient is a pending signer whose turn
 * it is, the field is theirs and an attachment field, the field holds fewer than its `maxFiles`
 * (1 when unset) and the recipient fewer than ATTACHMENT_MAX_FILES_PER_RECIPIENT
 * (CONFLICT `too_many_attachments`), and the file passes {@link checkAttachmentFile}. The file is
 * stored encrypted; the answer lists the recipient's files.
 */
export async function uploadAttachment(
  deps: EnvelopeDeps,
  input: UploadAttachmentRequest,
): Promise<SignerAttachmentsResponse> {
  const first = await verifyAccessLink(deps, deps.db, input, { purpose: "sign" });
  const bytes = new Uint8Array(Buffer.from(input.data, "base64"));
  const filename = input.filename.trim();
  const checked = await checkAttachmentFile(deps, filename, bytes, first.recipient.id);

  const attachmentId = randomUUID();
  const key = blobKeys.attachment(first.envelope.id, first.recipient.id, attachmentId);
  await deps.blobStore.put(key, bytes, { contentType: checked.contentType });
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const { envelope, recipient } = await verifyAccessLink(deps, trx, input, {
        lock: true,
        purpose: "sign",
      });
      if (recipient.kind !== "signer") {
        throw new AppError("FORBIDDEN", { message: "Only a signer attaches files." });
      }
      if (recipient.status !== "pending") {
        throw conflict(`You can no longer attach files: your request is ${recipient.status}.`);
      }
      if (!isTurn(envelope, recipient, await loadRecipients(trx, envelope.id))) {
        throw conflict("It is not your turn to sign yet: an earlier step has not ended.");
      }
      const field = await trx
        .selectFrom("field")
        .selectAll()
        .where("id", "=", input.fieldUuid)
        .where("recipientId", "=", recipient.id)
        .executeTakeFirst();
      if (field === undefined || field.kind !== "attachment") {
        throw new AppError("NOT_FOUND", { message: "This attachment field does not exist." });
      }
      const existing = await loadRecipientAttachments(trx, recipient.id);
      const maxFiles = settingsOf(field).maxFiles ?? 1;
      if (
        existing.filter((row) => row.fieldId === field.id).length >= maxFiles ||
        existing.length >= ATTACHMENT_MAX_FILES_PER_RECIPIENT
      ) {
        throw new AppError("CONFLICT", {
          message: `This field takes at most ${maxFiles} file${maxFiles === 1 ? "" : "s"}.`,
          reason: "too_many_attachments",
          suggestion: "Remove a file before adding another.",
        });
      }
      const row = await trx
        .insertInto("signerAttachment")
        .values({
          id: attachmentId,
          envelopeId: envelope.id,
          recipientId: recipient.id,
          fieldId: field.id,
          filename,
          contentType: checked.contentType,
          size: bytes.length,
          sha256: checked.sha256,
          blobKey: key,
          createdAt: new Date(deps.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { attachments: [...existing, row].map(attachmentView) };
    });
  } catch (error) {
    await deps.blobStore.delete(key);
    throw error;
  }
}
