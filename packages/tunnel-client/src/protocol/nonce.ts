import { u64, type Bytes } from "./bytes";
import { AEAD_NONCE_LENGTH, MAX_SEQUENCE_NUMBER, SERVER_FINISHED_SEQUENCE } from "./constants";
import { TunnelProtocolError } from "./errors";

/**
 * Per-message AES-GCM nonce, as in TLS 1.3 (RFC 8446 §5.3): the 64-bit sequence number,
 * big-endian, left-padded with zeros to 12 bytes, XORed with the direction's 12-byte base IV.
 * Distinct sequence numbers give distinct nonces, so a nonce never repeats under one key.
 *
 * `seq` is a message sequence number (0 .. 2^53 − 1) or the reserved SERVER_FINISHED_SEQUENCE.
 */
export function deriveNonce(baseIv: Uint8Array, seq: number | bigint): Bytes {
  if (baseIv.length !== AEAD_NONCE_LENGTH) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", `base IV must be ${AEAD_NONCE_LENGTH} bytes`);
  }
  if (typeof seq === "number") {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) {
      throw new TunnelProtocolError("INVALID_SEQUENCE", `invalid sequence number: ${seq}`);
    }
  } else if (seq !== SERVER_FINISHED_SEQUENCE) {
    throw new TunnelProtocolError("INVALID_SEQUENCE", "bigint sequence numbers are reserved");
  }
  const nonce = new Uint8Array(baseIv);
  const counter = u64(seq);
  const offset = AEAD_NONCE_LENGTH - counter.length;
  for (let i = 0; i < counter.length; i++) {
    nonce[offset + i] = (nonce[offset + i] ?? 0) ^ (counter[i] ?? 0);
  }
  return nonce;
}
