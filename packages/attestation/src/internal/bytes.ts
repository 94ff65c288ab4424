/**
 * Byte helpers shared by the package. Browser and Node alike: no `Buffer`, no `node:` modules.
 * Every function copies into a fresh `ArrayBuffer`-backed array, so results can be handed to
 * WebCrypto (whose `BufferSource` excludes shared buffers) and callers' arrays are never mutated.
 */

const HEX_PATTERN = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A copy of `bytes` backed by its own `ArrayBuffer`. */
export function copyBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Whether `value` is an even-length string of hexadecimal digits (either case). */
export function isHex(value: string): boolean {
  return HEX_PATTERN.test(value);
}

/** Decodes hexadecimal (either case); `null` when `value` is not an even-length hex string. */
export function fromHex(value: string): Uint8Array<ArrayBuffer> | null {
  if (!isHex(value)) return null;
  const out = new Uint8Array(value.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(value.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Decodes standard, padded base64; `null` when `value` is not canonical base64. */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64_PATTERN.test(value)) return null;
  const binary = atob(value);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Encodes bytes as standard, padded base64. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** A 4-byte big-endian length prefix. */
export function uint32BigEndian(value: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

/**
 * Compares two byte arrays without stopping at the first difference, so that the time taken does
 * not tell how long a matching prefix was. Arrays of different lengths are unequal (lengths are not
 * secret here: they are fixed by the formats compared).
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let difference = 0;
  for (let i = 0; i < a.byteLength; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Whether every byte of `bytes` is zero. */
export function isAllZero(bytes: Uint8Array): boolean {
  let accumulated = 0;
  for (const byte of bytes) accumulated |= byte;
  return accumulated === 0;
}
