import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * Access links of recipients (spec §2 /sign/{envelopeUuid}, §6): a token (24 random bytes,
 * base64url) stored on the recipient, and a secret key that is HMAC-SHA-256 of the token under a
 * key derived (HKDF-SHA-256) from the master key for this one purpose. The secret is never stored:
 * a copy of the database alone cannot open a link. Both travel in the URL fragment, so they never
 * reach a server log.
 */
const LABEL = "paraphe/api access link v1";

/** The key that derives access-link secret keys, from the 32-byte master key. */
export function deriveLinkKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

/** A fresh, unguessable link token (base64url of 24 random bytes, 32 characters). */
export function newLinkToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The secret key of a link token (base64url, 43 characters). */
export function linkSecretKey(linkKey: Buffer, token: string): string {
  return createHmac("sha256", linkKey).update(token, "utf8").digest("base64url");
}

/** Whether `secretKey` is the secret of `token`, compared in constant time. */
export function isLinkSecretValid(linkKey: Buffer, token: string, secretKey: string): boolean {
  const expected = Buffer.from(linkSecretKey(linkKey, token), "utf8");
  const given = Buffer.from(secretKey, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link mailed to a recipient: the signing app, with the token and secret in the fragment. */
export function signingLinkUrl(
  signUrl: string,
  linkKey: Buffer,
  envelopeId: string,
  token: string,
): string {
  const secret = linkSecretKey(linkKey, token);
  return `${signUrl}/sign/${envelopeId}#token=${encodeURIComponent(token)}&secret=${encodeURIComponent(secret)}`;
}
