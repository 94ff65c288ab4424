import { createCipheriv, createDecipheriv } from "node:crypto";
import {
  AEAD_TAG_LENGTH,
  deriveNonce,
  SEALED_HEADER_LENGTH,
  writeSealedHeader,
  type Bytes,
  type SealedMessage,
} from "@paraphe/tunnel-client/protocol";

/*
 * The per-message AEAD of the tunnel on node:crypto (an order of magnitude cheaper per small
 * message than WebCrypto in Node, see TOOLCHAIN.md): AES-256-GCM with the same keys, nonces
 * (`deriveNonce`) and associated data (`buildAssociatedData`) as the protocol's WebCrypto
 * `sealMessage` / `openMessage`, which the client uses.
 *
 * Each direction copies the body once: node:crypto writes the output of `update` into a new
 * buffer; the frame around it is not built by concatenating buffers again.
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
  const plaintext = decipher.update(frame.ciphertext.subarray(0, tagAt));
  // GCM has no trailing block: `final` only checks the tag (and throws when it does not match).
  decipher.final();
  return plaintext;
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
  const ciphertext = cipher.update(plaintext);
  cipher.final();
  const tag = cipher.getAuthTag();
  // Every byte is written below, so the frame need not be zero-filled first (not from the pool:
  // the frame is the answer's whole body).
  const frame: Bytes = Buffer.allocUnsafeSlow(
    SEALED_HEADER_LENGTH + ciphertext.length + AEAD_TAG_LENGTH,
  );
  writeSealedHeader(seq, frame);
  frame.set(ciphertext, SEALED_HEADER_LENGTH);
  frame.set(tag, SEALED_HEADER_LENGTH + ciphertext.length);
  return frame;
}
