import { createCipheriv, createDecipheriv } from "node:crypto";
import {
  AEAD_TAG_LENGTH,
  deriveNonce,
  encodeSealedMessage,
  type Bytes,
  type SealedMessage,
} from "@paraphe/tunnel-client/protocol";

/*
 * The per-message AEAD of the tunnel on node:crypto (an order of magnitude cheaper per small
 * message than WebCrypto in Node, see TOOLCHAIN.md): AES-256-GCM with the same keys, nonces
 * (`deriveNonce`) and associated data (`buildAssociatedData`) as the protocol's WebCrypto
 * `sealMessage` / `openMessage`, which the client uses.
 */

/** Opens a request decoded by `decodeSealedMessage`; throws when it does not authenticate. */
export function openSealed(
  key: Uint8Array,
  baseIv: Uint8Array,
  frame: SealedMessage,
  aad: Uint8Array,
): Buffer {
  const tagAt = frame.ciphertext.length - AEAD_TAG_LENGTH;
  const decipher = createDecipheriv("aes-256-gcm", key, deriveNonce(baseIv, frame.seq), {
    authTagLength: AEAD_TAG_LENGTH,
  });
  decipher.setAAD(aad);
  decipher.setAuthTag(frame.ciphertext.subarray(tagAt));
  return Buffer.concat([decipher.update(frame.ciphertext.subarray(0, tagAt)), decipher.final()]);
}

/** Seals a response body as a sealed message with sequence number `seq`. */
export function seal(
  key: Uint8Array,
  baseIv: Uint8Array,
  seq: number,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Bytes {
  const cipher = createCipheriv("aes-256-gcm", key, deriveNonce(baseIv, seq), {
    authTagLength: AEAD_TAG_LENGTH,
  });
  cipher.setAAD(aad);
  return encodeSealedMessage(
    seq,
    Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]),
  );
}
