/**
 * Byte helpers shared by the protocol and the client. Everything here runs on the web platform
 * (TextEncoder, atob/btoa, typed arrays), in browsers and in Node 20 alike.
 */

/** A byte array backed by a plain ArrayBuffer: what WebCrypto and fetch accept everywhere. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 bytes of a string. */
export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

/** Decodes strict UTF-8 (throws a TypeError on invalid sequences). */
export function fromUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * The same bytes as a view over a plain ArrayBuffer: the view itself when it already is one,
 * otherwise a copy (a SharedArrayBuffer or another realm's buffer).
 */
export function toBytes(view: Uint8Array): Bytes {
  if (view.buffer instanceof ArrayBuffer) return view as Bytes;
  return new Uint8Array(view);
}

/** Concatenates byte arrays into a new one. */
export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Compares two byte arrays in time that depends only on their lengths. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

const U64_MAX = (1n << 64n) - 1n;

/** 8 bytes, big-endian. Accepts a non-negative safe integer or a bigint below 2^64. */
export function u64(value: number | bigint): Bytes {
  const big = typeof value === "bigint" ? value : BigInt(assertSafeUint(value, "u64"));
  if (big < 0n || big > U64_MAX) throw new RangeError(`u64 out of range: ${big}`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, big, false);
  return out;
}

/** 4 bytes, big-endian. */
export function u32(value: number): Bytes {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new RangeError(`u32 out of range: ${value}`);
  }
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

/** 2 bytes, big-endian. */
export function u16(value: number): Bytes {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw new RangeError(`u16 out of range: ${value}`);
  }
  return new Uint8Array([value >>> 8, value & 0xff]);
}

function assertSafeUint(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what}: expected a non-negative safe integer, got ${value}`);
  }
  return value;
}

/** RFC 4648 §5 base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Strict RFC 4648 §5 base64url decoding (no padding, no other characters); null when invalid. */
export function fromBase64Url(text: string): Bytes | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  let binary: string;
  try {
    binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  } catch {
    return null;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  // Reject non-canonical encodings (stray low bits in the last character).
  return toBase64Url(out) === text ? out : null;
}

/** Lower-case hexadecimal, for logs and tests. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}
