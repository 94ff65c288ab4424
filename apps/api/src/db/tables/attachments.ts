import type { Selectable } from "kysely";
import type { GeneratedTimestamp } from "./columns";

/**
 * A file a signer uploaded for an attachment field (issue 29), stored encrypted in the blob store
 * under `blobKey`; listed and removable by the signer until they sign, then kept with the envelope.
 */
export interface SignerAttachmentTable {
  id: string;
  envelopeId: string;
  recipientId: string;
  fieldId: string;
  filename: string;
  contentType: "application/pdf" | "image/png" | "image/jpeg";
  size: number;
  sha256: string;
  blobKey: string;
  createdAt: GeneratedTimestamp;
}
export type SignerAttachmentRow = Selectable<SignerAttachmentTable>;
