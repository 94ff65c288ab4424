import { z } from "zod";
import { accessLinkSchema } from "./envelope";

/**
 * Signer attachments (issue 29): an `attachment` field asks its signer for files (PDF, PNG or
 * JPEG, each at most ATTACHMENT_MAX_BYTES, at most the field's `maxFiles`), uploaded from the
 * signing page before signing, listed and removable until they sign.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most files one attachment field takes (its `maxFiles` is 1 to this; 1 when unset). */
export const ATTACHMENT_MAX_FILES_PER_FIELD = 5;
/** Most files one recipient uploads on one envelope, all fields together. */
export const ATTACHMENT_MAX_FILES_PER_RECIPIENT = 20;
export const ATTACHMENT_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

const uuid = z.uuid();

export const signerAttachmentSchema = z.object({
  uuid,
  fieldUuid: uuid,
  filename: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SignerAttachment = z.infer<typeof signerAttachmentSchema>;

// POST /envelope/upload-attachment (access link)
export const uploadAttachmentRequestSchema = accessLinkSchema.extend({
  fieldUuid: uuid,
  filename: z.string().trim().min(1, { error: "required" }).max(255, { error: "too_long" }),
  /**
   * The file, base64. The bound leaves room past ATTACHMENT_MAX_BYTES so that the api, which counts
   * the decoded bytes, answers a file a little too large with `attachment_too_large` and its size.
   */
  data: z
    .base64({ error: "invalid_file" })
    .min(1, { error: "invalid_file" })
    .max(Math.ceil((ATTACHMENT_MAX_BYTES * 2) / 3) * 4, { error: "attachment_too_large" }),
});
export type UploadAttachmentRequest = z.input<typeof uploadAttachmentRequestSchema>;

// POST /envelope/list-attachments (access link), answer of upload and remove too
export const listAttachmentsRequestSchema = accessLinkSchema;
export const signerAttachmentsResponseSchema = z.object({
  attachments: z.array(signerAttachmentSchema),
});
export type SignerAttachmentsResponse = z.infer<typeof signerAttachmentsResponseSchema>;

// POST /envelope/remove-attachment (access link)
export const removeAttachmentRequestSchema = accessLinkSchema.extend({ attachmentUuid: uuid });
export type RemoveAttachmentRequest = z.input<typeof removeAttachmentRequestSchema>;

// POST /envelope/list-sender-attachments (member): every signer's files of a completed or pending envelope
export const envelopeAttachmentSchema = signerAttachmentSchema.extend({
  recipientUuid: uuid,
  /** Who uploaded it: the recipient's name. */
  by: z.string(),
});
export type EnvelopeAttachment = z.infer<typeof envelopeAttachmentSchema>;
export const listEnvelopeAttachmentsRequestSchema = z.object({ envelopeUuid: uuid });
export const listEnvelopeAttachmentsResponseSchema = z.object({
  attachments: z.array(envelopeAttachmentSchema),
});
export type ListEnvelopeAttachmentsResponse = z.infer<typeof listEnvelopeAttachmentsResponseSchema>;

// POST /envelope/download-attachment (member)
export const downloadAttachmentRequestSchema = z.object({
  envelopeUuid: uuid,
  attachmentUuid: uuid,
});
export type DownloadAttachmentRequest = z.input<typeof downloadAttachmentRequestSchema>;
