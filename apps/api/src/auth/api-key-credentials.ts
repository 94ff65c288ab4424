import { createHmac, hkdfSync, randomBytes } from "node:crypto";

/*
 * Team API key credentials (spec §3, §6; architecture §7): an access key that names the key and a
 * secret key that signs its calls (HMAC-SHA-256, RFC 9421), like a session credential. The secret
 * key is not stored: it is HMAC-SHA-256 of the access key under a key derived (HKDF-SHA-256) for
 * this one purpose from the session credential key, itself derived from the master key. The
 * database only knows which keys are active; revoking a key makes its secret useless.
 */
const LABEL = "paraphe/api team api key credential v1";
const ACCESS_KEY_PREFIX = "pak_";

/** The key that derives API secret keys, from the session credential key (32 bytes). */
export function deriveApiKeyCredentialKey(sessionCredentialKey: Uint8Array): Buffer {
  if (sessionCredentialKey.length !== 32) throw new Error("The credential key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", sessionCredentialKey, new Uint8Array(0), LABEL, 32));
}

/** The secret key of an API key's access key (base64url, 43 characters). */
export function apiKeySecretKey(apiKeyCredentialKey: Buffer, accessKey: string): string {
  return createHmac("sha256", apiKeyCredentialKey).update(accessKey, "utf8").digest("base64url");
}

/** A fresh, unguessable access key: `pak_` and 24 random bytes (base64url). */
export function newApiKeyAccessKey(): string {
  return ACCESS_KEY_PREFIX + randomBytes(24).toString("base64url");
}

export function isApiKeyAccessKey(accessKey: string): boolean {
  return (
    accessKey.startsWith(ACCESS_KEY_PREFIX) && accessKey.length === ACCESS_KEY_PREFIX.length + 32
  );
}
