import { BRAND_LOGO_MAX_SIDE } from "@paraphe/api-sdk/contract";

export type LogoType = "image/png" | "image/jpeg";

/** Width and height of a PNG (its IHDR chunk) or a JPEG (its first SOFn marker); null otherwise. */
export function logoDimensions(
  bytes: Uint8Array,
): { type: LogoType; width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && png.every((value, index) => bytes[index] === value)) {
    // The IHDR chunk comes first: length (4), "IHDR" (4), width (4), height (4).
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
    return { type: "image/png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the markers (each step moves forward by at least 2 bytes: linear, bounded by the size).
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1] ?? 0;
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      const length = view.getUint16(offset + 2);
      const isFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) {
        return {
          type: "image/jpeg",
          height: view.getUint16(offset + 5),
          width: view.getUint16(offset + 7),
        };
      }
      if (length < 2) return null;
      offset += 2 + length;
    }
  }
  return null;
}

/** Whether a logo's sides are within the limits (1 to BRAND_LOGO_MAX_SIDE pixels). */
export function logoSidesAccepted(size: { width: number; height: number }): boolean {
  return (
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= BRAND_LOGO_MAX_SIDE &&
    size.height <= BRAND_LOGO_MAX_SIDE
  );
}
