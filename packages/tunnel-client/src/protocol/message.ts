import { concatBytes, toBytes, u64, type Bytes } from "./bytes";
import {
  AEAD_TAG_LENGTH,
  MAX_SEQUENCE_NUMBER,
  PROTOCOL_VERSION,
  SEALED_HEADER_LENGTH,
} from "./constants";
import { TunnelProtocolError } from "./errors";
import type { AeadKey } from "./keys";
import { deriveNonce } from "./nonce";

/** A decoded sealed message: `[version u8][seq u64 BE][ciphertext || 16-byte tag]`. */
export interface SealedMessage {
  version: number;
  seq: number;
  /** AES-256-GCM ciphertext followed by its 16-byte tag. */
  ciphertext: Bytes;
}

/** Frames a ciphertext (with its tag) as a sealed message. */
export function encodeSealedMessage(seq: number, ciphertext: Uint8Array): Bytes {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) {
    throw new TunnelProtocolError("INVALID_SEQUENCE", `invalid sequence number: ${seq}`);
  }
  if (ciphertext.length < AEAD_TAG_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "ciphertext shorter than its tag");
  }
  return concatBytes(new Uint8Array([PROTOCOL_VERSION]), u64(seq), ciphertext);
}

/**
 * Parses a sealed message without decrypting it. Rejects (TunnelProtocolError) a frame shorter
 * than header + tag (MALFORMED_FRAME), another version (UNSUPPORTED_VERSION) or a sequence number
 * above 2^53 − 1 (INVALID_SEQUENCE).
 */
export function decodeSealedMessage(bytes: Uint8Array): SealedMessage {
  if (bytes.length < SEALED_HEADER_LENGTH + AEAD_TAG_LENGTH) {
    throw new TunnelProtocolError(
      "MALFORMED_FRAME",
      `sealed message too short (${bytes.length} bytes)`,
    );
  }
  const version = bytes[0] ?? 0;
  if (version !== PROTOCOL_VERSION) {
    throw new TunnelProtocolError("UNSUPPORTED_VERSION", `unsupported tunnel version ${version}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seq = view.getBigUint64(1, false);
  if (seq > BigInt(MAX_SEQUENCE_NUMBER)) {
    throw new TunnelProtocolError("INVALID_SEQUENCE", "sequence number out of range");
  }
  return {
    version,
    seq: Number(seq),
    ciphertext: new Uint8Array(bytes.subarray(SEALED_HEADER_LENGTH)),
  };
}

/**
 * Seals `plaintext` with AES-256-GCM (WebCrypto) under `key`, nonce `deriveNonce(baseIv, seq)`
 * and associated data `aad` (see `buildAssociatedData`), and frames it as a sealed message.
 */
export async function sealMessage(
  key: AeadKey,
  baseIv: Uint8Array,
  seq: number,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Promise<Bytes> {
  const iv = deriveNonce(baseIv, seq);
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: toBytes(aad), tagLength: AEAD_TAG_LENGTH * 8 },
    key,
    toBytes(plaintext),
  );
  return encodeSealedMessage(seq, new Uint8Array(ciphertext));
}

/**
 * Opens a sealed message (bytes, or already decoded by `decodeSealedMessage`) with AES-256-GCM
 * under `key`, the nonce of its own sequence number and the associated data `aad`, which the
 * receiver builds from what it expects (its method, path, session id and the frame's seq).
 * Any change to the frame, or a different `aad`, rejects with AUTHENTICATION_FAILED.
 */
export async function openMessage(
  key: AeadKey,
  baseIv: Uint8Array,
  message: Uint8Array | SealedMessage,
  aad: Uint8Array,
): Promise<Bytes> {
  const sealed = ArrayBuffer.isView(message) ? decodeSealedMessage(message) : message;
  const iv = deriveNonce(baseIv, sealed.seq);
  try {
    const plaintext = await globalThis.crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: toBytes(aad), tagLength: AEAD_TAG_LENGTH * 8 },
      key,
      sealed.ciphertext,
    );
    return new Uint8Array(plaintext);
  } catch (error) {
    throw new TunnelProtocolError(
      "AUTHENTICATION_FAILED",
      "sealed message failed to authenticate",
      {
        cause: error,
      },
    );
  }
}
