import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import {
  AEAD_KEY_LENGTH,
  AEAD_NONCE_LENGTH,
  AEAD_TAG_LENGTH,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";

/*
 * A session's secrets as the database store keeps them (all of it authenticated):
 *
 *   0x01            1 byte    format version
 *   IV             12 bytes   random
 *   ciphertext     88 bytes   AES-256-GCM of c2sKey (32) || s2cKey (32) || c2sIv (12) || s2cIv (12)
 *   tag            16 bytes
 *
 * under a key derived from the blob master key with HKDF-SHA256 (info below), so that the blob
 * master key itself is used for one purpose only. The associated data is the label, a zero byte,
 * the version and the session id: a row copied under another id fails to open.
 */
const FORMAT_VERSION = 1;
const LABEL = "paraphe/api tunnel session secrets v1";
const SECRETS_LENGTH = 2 * AEAD_KEY_LENGTH + 2 * AEAD_NONCE_LENGTH;
const SEALED_LENGTH = 1 + AEAD_NONCE_LENGTH + SECRETS_LENGTH + AEAD_TAG_LENGTH;

/** The key that encrypts tunnel session secrets at rest, derived from the 32-byte blob master key. */
export function deriveSecretsKey(masterKey: Uint8Array): Buffer {
  if (masterKey.length !== 32) throw new Error("The master key must be 32 bytes");
  return Buffer.from(hkdfSync("sha256", masterKey, new Uint8Array(0), LABEL, 32));
}

function associatedData(sessionId: string): Buffer {
  return Buffer.concat([
    Buffer.from(LABEL, "utf8"),
    Buffer.from([0, FORMAT_VERSION]),
    Buffer.from(sessionId, "utf8"),
  ]);
}

/** Encrypts a session's four secrets for the database. */
export function sealSecrets(key: Buffer, sessionId: string, secrets: SessionSecrets): Buffer {
  const plaintext = Buffer.concat([secrets.c2sKey, secrets.s2cKey, secrets.c2sIv, secrets.s2cIv]);
  if (plaintext.length !== SECRETS_LENGTH) throw new Error("Session secrets have the wrong length");
  const iv = randomBytes(AEAD_NONCE_LENGTH);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: AEAD_TAG_LENGTH }).setAAD(
    associatedData(sessionId),
  );
  const sealed = Buffer.concat([
    Buffer.from([FORMAT_VERSION]),
    iv,
    cipher.update(plaintext),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  plaintext.fill(0);
  return sealed;
}

/** Decrypts what {@link sealSecrets} wrote for this session id; throws when it does not authenticate. */
export function openSecrets(key: Buffer, sessionId: string, sealed: Uint8Array): SessionSecrets {
  if (sealed.length !== SEALED_LENGTH || sealed[0] !== FORMAT_VERSION)
    throw new Error("Unknown session secrets format");
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const iv = bytes.subarray(1, 1 + AEAD_NONCE_LENGTH);
  const tag = bytes.subarray(bytes.length - AEAD_TAG_LENGTH);
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: AEAD_TAG_LENGTH })
    .setAAD(associatedData(sessionId))
    .setAuthTag(tag);
  const plaintext = Buffer.concat([
    decipher.update(bytes.subarray(1 + AEAD_NONCE_LENGTH, bytes.length - AEAD_TAG_LENGTH)),
    decipher.final(),
  ]);
  const take = (from: number, length: number): Uint8Array<ArrayBuffer> =>
    new Uint8Array(plaintext.subarray(from, from + length));
  const secrets: SessionSecrets = {
    c2sKey: take(0, AEAD_KEY_LENGTH),
    s2cKey: take(AEAD_KEY_LENGTH, AEAD_KEY_LENGTH),
    c2sIv: take(2 * AEAD_KEY_LENGTH, AEAD_NONCE_LENGTH),
    s2cIv: take(2 * AEAD_KEY_LENGTH + AEAD_NONCE_LENGTH, AEAD_NONCE_LENGTH),
  };
  plaintext.fill(0);
  return secrets;
}
