import { createHmac, hkdfSync, randomBytes } from "node:crypto";

/*
 * Session credentials (spec §3, §6): an access key that names the session and a secret key that
 * signs its calls (HMAC-SHA-256, RFC 9421). The secret key is not stored: it is HMAC-SHA-256 of the
 * access key under a key derived (HKDF-SHA-256) from the master key for this one purpose. The
 * database only knows which access keys are live; ending a session makes its secret useless.
 */
const LABEL = "paraphe/api session credential v1";
const ACCESS_KEY_PREFIX = "ses_";

/** The key that derives session secret keys, from the 32-byte master key. */
export function deriveSessionCredentialKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

/** The secret key of a session's access key (base64url, 43 characters). */
export function sessionSecretKey(credentialKey: Buffer, accessKey: string): string {
  return createHmac("sha256", credentialKey).update(accessKey, "utf8").digest("base64url");
}

/** A fresh, unguessable access key: `ses_` and 24 random bytes (base64url). */
export function newSessionAccessKey(): string {
  return ACCESS_KEY_PREFIX + randomBytes(24).toString("base64url");
}

export function isSessionAccessKey(accessKey: string): boolean {
  return (
    accessKey.startsWith(ACCESS_KEY_PREFIX) && accessKey.length === ACCESS_KEY_PREFIX.length + 32
  );
}
