import { hkdfSync } from "node:crypto";
import { openMailBody, sealMailBody } from "./body-sealing";

/*
 * A team's SMTP password at rest. It must be read back (the server asks for it), so it is
 * encrypted, never hashed: with the api's one sealing mechanism (AES-256-GCM, `body-sealing`),
 * under a key derived (HKDF-SHA-256) for this purpose only from the mail key (itself derived from
 * the master key), and bound to its team as associated data, so a sealed password copied to
 * another team's row does not open. Only the test call and the `send-mail` job open it; it is
 * never answered, and never logged (errors are described with it masked).
 */
const LABEL = "paraphe/api team smtp password v1";

/** The key that seals SMTP passwords, from the mail key (`deriveMailKey`). */
export function deriveSenderKey(mailKey: Uint8Array): Buffer {
  if (mailKey.length !== 32) throw new Error("The mail key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", mailKey, new Uint8Array(0), LABEL, 32));
}

const binding = (teamId: string) => ({ to: `team:${teamId}`, subject: LABEL });

/** The stored form of a team's SMTP password. */
export function sealSmtpPassword(mailKey: Uint8Array, teamId: string, password: string): string {
  return sealMailBody(deriveSenderKey(mailKey), binding(teamId), password);
}

/** The password of a stored form; throws when it does not open (another key, another team). */
export function openSmtpPassword(mailKey: Uint8Array, teamId: string, sealed: string): string {
  return openMailBody(deriveSenderKey(mailKey), binding(teamId), sealed);
}
