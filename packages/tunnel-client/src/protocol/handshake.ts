import { Aes256Gcm, CipherSuite, HkdfSha256 } from "@hpke/core";
import { DhkemX25519HkdfSha256 } from "@hpke/dhkem-x25519";
import { buildServerFinishedAad } from "./aad";
import { concatBytes, fromUtf8, toBytes, u16, u32, utf8, type Bytes } from "./bytes";
import {
  AEAD_TAG_LENGTH,
  CLIENT_NONCE_LENGTH,
  HandshakeMessageType,
  HPKE_INFO_LABEL,
  MAX_SERVER_HELLO_LENGTH,
  PROTOCOL_VERSION,
  SERVER_FINISHED_SEQUENCE,
  TRANSCRIPT_HASH_LENGTH,
  X25519_PUBLIC_KEY_LENGTH,
} from "./constants";
import { TunnelProtocolError } from "./errors";
import type { AeadKey } from "./keys";
import { deriveNonce } from "./nonce";

/**
 * The HPKE cipher suite of the tunnel (RFC 9180 base mode): DHKEM(X25519, HKDF-SHA256),
 * HKDF-SHA256, AES-256-GCM. Client and server build it the same way.
 */
export function createHpkeSuite(): CipherSuite {
  return new CipherSuite({
    kem: new DhkemX25519HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  });
}

/** Step 1, client to server. */
export interface ClientHello {
  /** 32 random bytes, echoed by the server's evidence. */
  clientNonce: Bytes;
}

/**
 * The server's attestation evidence: an opaque JSON object for the tunnel, read by the app's
 * `verifyEvidence`. The tunnel itself requires `hpkePublicKey` (base64url of the raw 32-byte
 * X25519 public key the client encapsulates to) and `clientNonce` (base64url echo of the hello's
 * nonce). The evidence must bind both (for SEV-SNP, through REPORT_DATA).
 */
export interface TunnelEvidence {
  hpkePublicKey: string;
  clientNonce: string;
  [field: string]: unknown;
}

/** Step 1, server to client: a UTF-8 JSON object `{"evidence": {...}}`. */
export interface ServerHello {
  evidence: TunnelEvidence;
}

/** Step 2, client to server. */
export interface ClientFinished {
  /** HPKE encapsulated key (32 bytes for X25519). */
  enc: Bytes;
  /** HPKE seal (sender context) of the transcript hash, aad = session id: 32 + 16 bytes. */
  confirmation: Bytes;
}

/** Step 2, server to client. */
export interface ServerFinished {
  /** AES-256-GCM seal of the transcript hash under the s2c key: 32 + 16 bytes. */
  confirmation: Bytes;
}

const FRAME_HEADER_LENGTH = 6;
const CONFIRMATION_LENGTH = TRANSCRIPT_HASH_LENGTH + AEAD_TAG_LENGTH;

/**
 * A handshake frame: `[version u8][type u8][payload length u32 BE][payload]`, nothing after it.
 */
export function encodeHandshakeFrame(type: HandshakeMessageType, payload: Uint8Array): Bytes {
  return concatBytes(new Uint8Array([PROTOCOL_VERSION, type]), u32(payload.length), payload);
}

/** Parses a handshake frame of the expected type and returns its payload. */
export function decodeHandshakeFrame(bytes: Uint8Array, expected: HandshakeMessageType): Bytes {
  if (bytes.length < FRAME_HEADER_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "handshake frame too short");
  }
  if (bytes[0] !== PROTOCOL_VERSION) {
    throw new TunnelProtocolError("UNSUPPORTED_VERSION", `unsupported tunnel version ${bytes[0]}`);
  }
  if (bytes[1] !== expected) {
    throw new TunnelProtocolError(
      "UNEXPECTED_MESSAGE_TYPE",
      `expected handshake message type ${expected}, got ${bytes[1]}`,
    );
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(2, false);
  if (bytes.length !== FRAME_HEADER_LENGTH + length) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "handshake frame length mismatch");
  }
  return new Uint8Array(bytes.subarray(FRAME_HEADER_LENGTH));
}

/** `frame(ClientHello, clientNonce)`: 38 bytes. */
export function encodeClientHello(hello: ClientHello): Bytes {
  if (hello.clientNonce.length !== CLIENT_NONCE_LENGTH) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `client nonce must be ${CLIENT_NONCE_LENGTH} bytes`,
    );
  }
  return encodeHandshakeFrame(HandshakeMessageType.ClientHello, hello.clientNonce);
}

export function decodeClientHello(bytes: Uint8Array): ClientHello {
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ClientHello);
  if (payload.length !== CLIENT_NONCE_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "client nonce must be 32 bytes");
  }
  return { clientNonce: payload };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `frame(ServerHello, UTF-8 JSON {"evidence": evidence})`. */
export function encodeServerHello(hello: ServerHello): Bytes {
  return encodeHandshakeFrame(
    HandshakeMessageType.ServerHello,
    utf8(JSON.stringify({ evidence: hello.evidence })),
  );
}

/**
 * Parses a server hello: a JSON object whose `evidence` is an object with string `hpkePublicKey`
 * and `clientNonce` (their values are checked by the client, not here). At most 1 MiB.
 */
export function decodeServerHello(bytes: Uint8Array): ServerHello {
  if (bytes.length > MAX_SERVER_HELLO_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "server hello too large");
  }
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ServerHello);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromUtf8(payload));
  } catch (error) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "server hello is not UTF-8 JSON", {
      cause: error,
    });
  }
  if (!isRecord(parsed) || !isRecord(parsed.evidence)) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "server hello carries no evidence object");
  }
  const evidence = parsed.evidence;
  if (typeof evidence.hpkePublicKey !== "string" || typeof evidence.clientNonce !== "string") {
    throw new TunnelProtocolError(
      "MALFORMED_FRAME",
      "evidence lacks the string fields hpkePublicKey and clientNonce",
    );
  }
  return { evidence: evidence as TunnelEvidence };
}

/** `frame(ClientFinished, u16 enc length || enc || confirmation)`. */
export function encodeClientFinished(message: ClientFinished): Bytes {
  if (message.enc.length !== X25519_PUBLIC_KEY_LENGTH) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "enc must be 32 bytes");
  }
  if (message.confirmation.length !== CONFIRMATION_LENGTH) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `confirmation must be ${CONFIRMATION_LENGTH} bytes`,
    );
  }
  return encodeHandshakeFrame(
    HandshakeMessageType.ClientFinished,
    concatBytes(u16(message.enc.length), message.enc, message.confirmation),
  );
}

export function decodeClientFinished(bytes: Uint8Array): ClientFinished {
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ClientFinished);
  if (payload.length < 2)
    throw new TunnelProtocolError("MALFORMED_FRAME", "client finished too short");
  const encLength = ((payload[0] ?? 0) << 8) | (payload[1] ?? 0);
  if (
    encLength !== X25519_PUBLIC_KEY_LENGTH ||
    payload.length !== 2 + encLength + CONFIRMATION_LENGTH
  ) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "client finished has the wrong length");
  }
  return {
    enc: payload.slice(2, 2 + encLength),
    confirmation: payload.slice(2 + encLength),
  };
}

/** `frame(ServerFinished, confirmation)`. */
export function encodeServerFinished(message: ServerFinished): Bytes {
  if (message.confirmation.length !== CONFIRMATION_LENGTH) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `confirmation must be ${CONFIRMATION_LENGTH} bytes`,
    );
  }
  return encodeHandshakeFrame(HandshakeMessageType.ServerFinished, message.confirmation);
}

export function decodeServerFinished(bytes: Uint8Array): ServerFinished {
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ServerFinished);
  if (payload.length !== CONFIRMATION_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "server finished has the wrong length");
  }
  return { confirmation: payload };
}

async function sha256(data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", toBytes(data)));
}

/**
 * The transcript hash both sides confirm: SHA-256(client hello frame || server hello frame || enc),
 * over the exact bytes that travelled (each frame is self-delimiting).
 */
export async function computeTranscriptHash(
  clientHello: Uint8Array,
  serverHello: Uint8Array,
  enc: Uint8Array,
): Promise<Bytes> {
  return sha256(concatBytes(clientHello, serverHello, enc));
}

/**
 * The HPKE `info` of both sides' key schedule:
 * `"paraphe/tunnel/v1 hpke info" || 0x00 || SHA-256(client hello frame || server hello frame)`,
 * which ties the session keys to this handshake's nonce and evidence.
 */
export async function buildHpkeInfo(
  clientHello: Uint8Array,
  serverHello: Uint8Array,
): Promise<Bytes> {
  return concatBytes(
    utf8(HPKE_INFO_LABEL),
    new Uint8Array([0]),
    await sha256(concatBytes(clientHello, serverHello)),
  );
}

/**
 * The server's key confirmation: AES-256-GCM under the s2c key, nonce
 * `deriveNonce(s2cIv, 2^64 − 1)`, aad `buildServerFinishedAad(sessionId)`, plaintext the
 * transcript hash. Returns the 48-byte ciphertext and tag.
 */
export async function sealServerFinished(
  keys: { s2cKey: AeadKey; s2cIv: Uint8Array },
  sessionId: string,
  transcriptHash: Uint8Array,
): Promise<Bytes> {
  if (transcriptHash.length !== TRANSCRIPT_HASH_LENGTH) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "transcript hash must be 32 bytes");
  }
  const sealed = await globalThis.crypto.subtle.encrypt(
    {
      name: "AES-GCM",
      iv: deriveNonce(keys.s2cIv, SERVER_FINISHED_SEQUENCE),
      additionalData: buildServerFinishedAad(sessionId),
      tagLength: AEAD_TAG_LENGTH * 8,
    },
    keys.s2cKey,
    toBytes(transcriptHash),
  );
  return new Uint8Array(sealed);
}

/**
 * Opens the server's key confirmation and returns the transcript hash it carries; rejects with
 * AUTHENTICATION_FAILED when it does not authenticate. The caller compares the result with its
 * own transcript hash.
 */
export async function openServerFinished(
  keys: { s2cKey: AeadKey; s2cIv: Uint8Array },
  sessionId: string,
  confirmation: Uint8Array,
): Promise<Bytes> {
  try {
    const plaintext = await globalThis.crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: deriveNonce(keys.s2cIv, SERVER_FINISHED_SEQUENCE),
        additionalData: buildServerFinishedAad(sessionId),
        tagLength: AEAD_TAG_LENGTH * 8,
      },
      keys.s2cKey,
      toBytes(confirmation),
    );
    return new Uint8Array(plaintext);
  } catch (error) {
    throw new TunnelProtocolError("AUTHENTICATION_FAILED", "server key confirmation failed", {
      cause: error,
    });
  }
}
