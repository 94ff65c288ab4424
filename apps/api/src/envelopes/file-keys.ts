/** Blob keys of an envelope's files. */
export const blobKeys = {
  original: (envelopeId: string, documentId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/original.pdf`,
  preview: (envelopeId: string, documentId: string, page: number, contentType: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/previews/${page}.${contentType === "image/webp" ? "webp" : "png"}`,
  sealed: (envelopeId: string, documentId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/sealed.pdf`,
  /** The revision a signer's advanced signature made (the document's current one until the next). */
  revision: (envelopeId: string, documentId: string, recipientId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/revisions/${recipientId}.pdf`,
  signature: (envelopeId: string, recipientId: string) =>
    `envelopes/${envelopeId}/recipients/${recipientId}/signature.png`,
  initials: (envelopeId: string, recipientId: string) =>
    `envelopes/${envelopeId}/recipients/${recipientId}/initials.png`,
  attachment: (envelopeId: string, recipientId: string, attachmentId: string) =>
    `envelopes/${envelopeId}/recipients/${recipientId}/attachments/${attachmentId}`,
  proof: (envelopeId: string) => `envelopes/${envelopeId}/proof.pdf`,
};
