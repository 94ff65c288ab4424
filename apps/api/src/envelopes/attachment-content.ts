import type { AttachmentContentType } from "@paraphe/api-sdk/contract";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The type of an attachment by its content (magic bytes), not its name: a PDF (`%PDF-` within the
 * first 1024 bytes, as readers allow), a PNG (its signature and an IHDR chunk) or a JPEG (SOI then
 * a marker); null for anything else.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentContentType | null {
  if (
    bytes.length >= 33 &&
    PNG_SIGNATURE.every((byte, index) => bytes[index] === byte) &&
    Buffer.from(bytes.subarray(12, 16)).toString("latin1") === "IHDR"
  ) {
    return "image/png";
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "image/jpeg";
  }
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.includes("%PDF-")) return "application/pdf";
  return null;
}

/** The type a file name claims by its extension, or null for another extension. */
export function typeOfFilename(filename: string): AttachmentContentType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (extension === "pdf") return "application/pdf";
  if (extension === "png") return "image/png";
  if (extension === "jpg" || extension === "jpeg") return "image/jpeg";
  return null;
}
