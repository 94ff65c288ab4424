import { hkdfSync } from "node:crypto";
import { openMailBody, sealMailBody } from "../mail/body-sealing";

/*
 * A team's OIDC client secret at rest. It must be read back (the token request sends it), so it is
 * encrypted, never hashed: with the api's one sealing mechanism (AES-256-GCM, `mail/body-sealing`),
 * under a key derived (HKDF-SHA-256) from the master key for this purpose only, and bound to its
 * team as associated data, so a sealed secret copied to another team's row does not open.
 */
const LABEL = "paraphe/api sso client secret v1";

/** The key that seals client secrets, from the 32-byte master key. */
export function deriveSsoKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

const binding = (teamId: string) => ({ to: `team:${teamId}`, subject: LABEL });

/** The stored form of a team's client secret. */
export function sealClientSecret(ssoKey: Buffer, teamId: string, secret: string): string {
  return sealMailBody(ssoKey, binding(teamId), secret);
}

/** The client secret of a stored form; throws when it does not open (another key, another team). */
export function openClientSecret(ssoKey: Buffer, teamId: string, sealed: string): string {
  return openMailBody(ssoKey, binding(teamId), sealed);
}
