import { createHash, randomBytes } from "node:crypto";
import { INVITATION_LIFETIME_DAYS } from "@paraphe/api-sdk/contract";

/** A new invitation token (32 random bytes, url-safe base64) and the hash stored in its place. */
export function newInvitationToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** What the database keeps of a token: its SHA-256 (the token is random, so no key is needed). */
export function hashInvitationToken(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** When an invitation sent at `at` stops being accepted. */
export function invitationExpiry(at: Date): Date {
  return new Date(at.getTime() + INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000);
}

/**
 * The link of the web app the invitation mail carries: the token in the fragment, which browsers
 * never send to a server, so it stays out of server and proxy logs (the page then removes it from
 * the address bar), as signing links do.
 */
export function acceptInviteLink(webUrl: string, token: string): string {
  const url = new URL("/accept-team-invite", webUrl);
  url.hash = new URLSearchParams({ token }).toString();
  return url.toString();
}
