import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * Mail bodies at rest (mail_outbox, dev_mailbox). A body carries what must not be readable from a
 * database dump (sign-in codes, signing links), so it is stored sealed with AES-256-GCM under a key
 * derived (HKDF-SHA-256) from the master key for this one purpose; the recipient and subject stay
 * readable for the delivery log and are bound to the body as associated data, so a sealed body
 * moved to another row (another recipient) no longer opens. Only the `send-mail` job and the
 * development mailbox open bodies.
 *
 * Stored form: `sealed:v1:` + base64 of nonce (12 bytes) | ciphertext | tag (16 bytes).
 */
const LABEL = "paraphe/api mail body v1";
const PREFIX = "sealed:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The key that seals mail bodies, from the 32-byte master key. */
export function deriveMailKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

/** The readable headers a body is bound to. */
export interface MailBinding {
  to: string;
  subject: string;
}

function associatedData(binding: MailBinding): Buffer {
  return Buffer.from(`${LABEL}\0${binding.to}\0${binding.subject}`, "utf8");
}

/** The stored form of `text`, sealed for the message of `binding`. */
export function sealMailBody(mailKey: Buffer, binding: MailBinding, text: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", mailKey, nonce);
  cipher.setAAD(associatedData(binding));
  const sealed = Buffer.concat([
    nonce,
    cipher.update(text, "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${PREFIX}${sealed.toString("base64")}`;
}

/** Whether a stored body is sealed (bodies stored before sealing existed are plain text). */
export function isSealedMailBody(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/**
 * The text of a stored body. A body stored before sealing existed is returned as it is; a sealed
 * body that does not open (another master key, an altered row) throws.
 */
export function openMailBody(mailKey: Buffer, binding: MailBinding, stored: string): string {
  if (!isSealedMailBody(stored)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), "base64");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error("the sealed mail body is truncated");
  const decipher = createDecipheriv("aes-256-gcm", mailKey, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}
