import { hkdfSync, randomBytes } from "node:crypto";
import { openMailBody, sealMailBody } from "../mail/body-sealing";

/*
 * A webhook endpoint's signing secret at rest. It must be read back (each delivery is signed with
 * it), so it is encrypted, never hashed: with the api's one sealing mechanism (AES-256-GCM,
 * `mail/body-sealing`, as SSO client secrets are), under a key derived (HKDF-SHA-256) from the
 * master key for this purpose only, and bound to its endpoint as associated data, so a sealed
 * secret copied to another endpoint's row does not open.
 */
const LABEL = "paraphe/api webhook secret v1";

/** The key that seals webhook secrets, from the 32-byte master key. */
export function deriveWebhookKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

const binding = (endpointId: string) => ({ to: `webhook:${endpointId}`, subject: LABEL });

/** The stored form of an endpoint's secret. */
export function sealWebhookSecret(webhookKey: Buffer, endpointId: string, secret: string): string {
  return sealMailBody(webhookKey, binding(endpointId), secret);
}

/** The secret of a stored form; throws when it does not open (another key, another endpoint). */
export function openWebhookSecret(webhookKey: Buffer, endpointId: string, sealed: string): string {
  return openMailBody(webhookKey, binding(endpointId), sealed);
}
