/** Byte helpers on the web platform (TextEncoder, WebCrypto), for browsers and Node 20 alike. */

/** A byte array backed by a plain ArrayBuffer: what WebCrypto accepts everywhere. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export function utf8(text: string): Bytes {
  return encoder.encode(text) as Bytes;
}

/** The same bytes over a plain ArrayBuffer: the view itself when it is one, otherwise a copy. */
export function toBytes(view: Uint8Array): Bytes {
  if (view.buffer instanceof ArrayBuffer) return view as Bytes;
  return new Uint8Array(view);
}

/** The platform's SubtleCrypto, typed from the runtime's own WebCrypto (DOM or Node types). */
export type Subtle = typeof globalThis.crypto.subtle;

/** A WebCrypto key. */
export type WebCryptoKey = Awaited<ReturnType<Subtle["importKey"]>>;

/** WebCrypto of the platform: `globalThis.crypto.subtle` (browsers' secure contexts, Node 20). */
export function subtle(): Subtle {
  const crypto = globalThis.crypto as typeof globalThis.crypto | undefined;
  if (!crypto?.subtle) {
    throw new TypeError(
      "WebCrypto is unavailable (browsers only offer it in secure contexts: https or localhost)",
    );
  }
  return crypto.subtle;
}

export async function sha256(data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await subtle().digest("SHA-256", toBytes(data)));
}

/** Equality of two byte arrays (for public values such as digests: not constant time). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
