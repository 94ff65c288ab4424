import { toBytes, type Bytes } from "./bytes";
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

/**
 * The 9-byte header of a sealed message, `[version u8][seq u64 BE]`, written at the start of
 * `target` (a new array when none is given), for a sender that writes the ciphertext after it.
 */
export function writeSealedHeader(
  seq: number,
  target: Uint8Array = new Uint8Array(SEALED_HEADER_LENGTH),
): Uint8Array {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) {
    throw new TunnelProtocolError("INVALID_SEQUENCE", `invalid sequence number: ${seq}`);
  }
  if (target.length < SEALED_HEADER_LENGTH) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "no room for the sealed message header");
  }
  const view = new DataView(target.buffer, target.byteOffset, SEALED_HEADER_LENGTH);
  view.setUint8(0, PROTOCOL_VERSION);
  // seq ≤ 2^53 − 1: its high 32 bits and low 32 bits, big-endian.
  view.setUint32(1, Math.floor(seq / 0x1_0000_0000), false);
  view.setUint32(5, seq >>> 0, false);
  return target;
}

/** Frames a ciphertext (with its tag) as a sealed message: one allocation, one copy. */
export function encodeSealedMessage(seq: number, ciphertext: Uint8Array): Bytes {
  if (ciphertext.length < AEAD_TAG_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "ciphertext shorter than its tag");
  }
  const out = new Uint8Array(SEALED_HEADER_LENGTH + ciphertext.length);
  writeSealedHeader(seq, out);
  out.set(ciphertext, SEALED_HEADER_LENGTH);
  return out;
}

/**
 * Parses a sealed message without decrypting it or copying it: `ciphertext` is a view over the
 * same bytes (a copy only when they are not over a plain ArrayBuffer). Rejects (TunnelProtocolError) a frame shorter
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
    ciphertext: toBytes(bytes.subarray(SEALED_HEADER_LENGTH)),
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
