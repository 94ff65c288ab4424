import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { EMBED_TOKEN_PREFIX, isEmbedTokenAccessKey } from "@paraphe/api-sdk/contract";

/*
 * Embed token credentials (issue 30, embedded preparing): an access key that names the token and a
 * secret key that signs the editor's calls (HMAC-SHA-256, RFC 9421), like an API key. The secret key
 * is HMAC-SHA-256 of the access key under a key derived (HKDF-SHA-256) for this one purpose from the
 * session credential key; it is never stored. The database keeps the access key's SHA-256 only, so
 * that its rows name no usable token.
 */
const LABEL = "paraphe/api embed token credential v1";

/** The key that derives embed token secret keys, from the session credential key (32 bytes). */
export function deriveEmbedTokenCredentialKey(sessionCredentialKey: Uint8Array): Buffer {
  if (sessionCredentialKey.length !== 32) throw new Error("The credential key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", sessionCredentialKey, new Uint8Array(0), LABEL, 32));
}

/** The secret key of an embed token's access key (base64url, 43 characters). */
export function embedTokenSecretKey(embedTokenCredentialKey: Buffer, accessKey: string): string {
  return createHmac("sha256", embedTokenCredentialKey)
    .update(accessKey, "utf8")
    .digest("base64url");
}

/** A fresh, unguessable access key: `pet_` and 24 random bytes (base64url). */
export function newEmbedTokenAccessKey(): string {
  return EMBED_TOKEN_PREFIX + randomBytes(24).toString("base64url");
}

/** What the database keeps of an access key: its SHA-256 (hex). */
export function embedTokenAccessKeyHash(accessKey: string): string {
  return createHash("sha256").update(accessKey, "utf8").digest("hex");
}

export { isEmbedTokenAccessKey };
