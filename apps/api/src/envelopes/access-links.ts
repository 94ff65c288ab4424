import { createHash, createHmac, hkdfSync, randomUUID, timingSafeEqual } from "node:crypto";
import { SIGNING_LINK_DAYS_AFTER_END } from "@paraphe/api-sdk/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";

/*
 * Access links of recipients (spec §2 /sign/{envelopeUuid}, §6): a token and a secret key, both in
 * the URL fragment, so they never reach a server log.
 * - The token of a recipient's link is HMAC-SHA-256 of (recipient id, link version) under a key
 *   derived (HKDF-SHA-256) from the master key, cut to 24 bytes (base64url, 32 characters). The
 *   database keeps only the link version and the SHA-256 of the token, to find the recipient.
 * - The secret key is HMAC-SHA-256 of the token under the link key, never stored.
 * So a copy of the database alone opens no link. Resending an invitation bumps the version: the
 * previous token's hash is gone, so the previous link stops working.
 * Links mailed before tokens were derived (version 0, their hash migrated) keep working until the
 * platform mails that recipient again: then the recipient moves to a derived token.
 */
const LABEL = "paraphe/api access link v1";

/**
 * How long after an envelope ended (completed, declined, canceled) its links still open it: to show
 * the outcome and, once complete, download the signed documents. Signing stops at once.
 */
export const LINK_AFTER_END_DAYS = SIGNING_LINK_DAYS_AFTER_END;
export const LINK_AFTER_END_MS = LINK_AFTER_END_DAYS * 24 * 60 * 60_000;
const TOKEN_LABEL = "paraphe/api access link token v2";

/** The key that derives access-link tokens and secret keys, from the 32-byte master key. */
export function deriveLinkKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

/** The token of version `version` of a recipient's link (base64url, 32 characters). */
export function linkToken(linkKey: Buffer, recipientId: string, version: number): string {
  const tokenKey = Buffer.from(hkdfSync("sha256", linkKey, new Uint8Array(0), TOKEN_LABEL, 32));
  return createHmac("sha256", tokenKey)
    .update(`${recipientId}\0${version}`, "utf8")
    .digest()
    .subarray(0, 24)
    .toString("base64url");
}

/** What the database keeps of a token: its SHA-256, lowercase hex. */
export function linkTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` is the one whose hash is `storedHash`, compared in constant time. */
export function isLinkTokenOf(token: string, storedHash: string): boolean {
  const given = Buffer.from(linkTokenHash(token), "utf8");
  const stored = Buffer.from(storedHash, "utf8");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The id and first link of a new recipient: spread into the inserted row. */
export function newRecipientLink(linkKey: Buffer): {
  id: string;
  linkVersion: number;
  linkTokenHash: string;
} {
  const id = randomUUID();
  return { id, linkVersion: 1, linkTokenHash: linkTokenHash(linkToken(linkKey, id, 1)) };
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

/**
 * The token of a recipient's current link. A link of version 0 (mailed before tokens were
 * derived) cannot be rebuilt: the recipient moves to version 1, which revokes it.
 */
export async function currentLinkToken(
  db: Kysely<Database>,
  linkKey: Buffer,
  recipient: { id: string; linkVersion: number },
): Promise<string> {
  if (recipient.linkVersion > 0) return linkToken(linkKey, recipient.id, recipient.linkVersion);
  return rotateLink(db, linkKey, recipient);
}

/**
 * Replaces a recipient's link with a new one (the next version) and returns its token: the
 * previous link stops working at once. Call it inside the transaction that mails the new link.
 */
export async function rotateLink(
  db: Kysely<Database>,
  linkKey: Buffer,
  recipient: { id: string; linkVersion: number },
): Promise<string> {
  const version = recipient.linkVersion + 1;
  const token = linkToken(linkKey, recipient.id, version);
  await db
    .updateTable("recipient")
    .set({ linkVersion: version, linkTokenHash: linkTokenHash(token) })
    .where("id", "=", recipient.id)
    .execute();
  return token;
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
