import { sha256, subtle, toBytes, type Bytes, type WebCryptoKey } from "./bytes";

/** HMAC-SHA-256 (RFC 9421 §3.3.3, algorithm `hmac-sha256`) on WebCrypto. */

const HMAC_SHA256 = { name: "HMAC", hash: "SHA-256" } as const;

/** Imports a non-extractable HMAC-SHA-256 key. The secret must not be empty. */
export async function importHmacKey(
  secret: Uint8Array,
  usage: "sign" | "verify",
): Promise<WebCryptoKey> {
  if (secret.length === 0) throw new TypeError("an HMAC secret must not be empty");
  return subtle().importKey("raw", toBytes(secret), HMAC_SHA256, false, [usage]);
}

export async function hmacSha256(key: WebCryptoKey, data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await subtle().sign("HMAC", key, toBytes(data)));
}

/** Checks a MAC with WebCrypto's `verify`, which compares in constant time. */
export async function verifyHmacSha256(
  key: WebCryptoKey,
  mac: Uint8Array,
  data: Uint8Array,
): Promise<boolean> {
  return subtle().verify("HMAC", key, toBytes(mac), toBytes(data));
}

/**
 * The two primitives signature verification runs on: SHA-256 of the body, and an HMAC-SHA-256
 * check compared in constant time. WebCrypto by default ({@link webCryptoPrimitives}); a server
 * may hand in its platform's (node:crypto's are synchronous and far cheaper per small call).
 */
export interface SignaturePrimitives {
  sha256(data: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** True when `mac` is HMAC-SHA-256 of `data` under `secret`, compared in constant time. */
  verifyHmacSha256(
    secret: Uint8Array,
    mac: Uint8Array,
    data: Uint8Array,
  ): boolean | Promise<boolean>;
}

/** {@link SignaturePrimitives} on WebCrypto (browsers' secure contexts, Node 20). */
export const webCryptoPrimitives: SignaturePrimitives = {
  sha256,
  async verifyHmacSha256(secret, mac, data) {
    return verifyHmacSha256(await importHmacKey(secret, "verify"), mac, data);
  },
};
