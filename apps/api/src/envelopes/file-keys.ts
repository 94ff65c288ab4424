import { DEFAULT_PREVIEW_WIDTH, PREVIEW_WIDTHS } from "@paraphe/api-sdk/contract";

/** Blob keys of an envelope's files. */
export const blobKeys = {
  original: (envelopeId: string, documentId: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/original.pdf`,
  preview: (envelopeId: string, documentId: string, page: number, contentType: string) =>
    `envelopes/${envelopeId}/documents/${documentId}/previews/${page}.${contentType === "image/webp" ? "webp" : "png"}`,
  /**
   * A page's preview drawn at one of the narrower PREVIEW_WIDTHS for the signing page, kept as long
   * as the page's preview at the default width is recorded (`referencedEnvelopeFiles`); its content
   * type is the blob's.
   */
  sizedPreview: (envelopeId: string, documentId: string, page: number, width: number) =>
    `envelopes/${envelopeId}/documents/${documentId}/previews/w${width}/${page}`,
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

/** The preview widths drawn on demand, besides the default one every page gets. */
export const SIZED_PREVIEW_WIDTHS = PREVIEW_WIDTHS.filter((width) => width < DEFAULT_PREVIEW_WIDTH);

/** Every key a page's previews at the narrower widths may have (whether drawn or not). */
export function sizedPreviewKeys(envelopeId: string, documentId: string, page: number): string[] {
  return SIZED_PREVIEW_WIDTHS.map((width) =>
    blobKeys.sizedPreview(envelopeId, documentId, page, width),
  );
}

const SIZED_PREVIEW_KEY = /^envelopes\/([^/]+)\/documents\/([^/]+)\/previews\/w(\d+)\/(\d+)$/;

/** The parts of a `blobKeys.sizedPreview` key, or null for another key. */
export function parseSizedPreviewKey(
  key: string,
): { envelopeId: string; documentId: string; width: number; page: number } | null {
  const match = SIZED_PREVIEW_KEY.exec(key);
  if (match === null) return null;
  const [, envelopeId = "", documentId = "", width = "", page = ""] = match;
  return { envelopeId, documentId, width: Number(width), page: Number(page) };
}
