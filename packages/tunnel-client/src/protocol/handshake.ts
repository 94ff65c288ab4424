import { Aes256Gcm, CipherSuite, HkdfSha256 } from "@hpke/core";
import { DhkemX25519HkdfSha256 } from "@hpke/dhkem-x25519";
import { buildServerFinishedAad, canonicalMethod, canonicalPath } from "./aad";
import { concatBytes, fromUtf8, toBytes, u16, u32, utf8, type Bytes } from "./bytes";
import {
  AEAD_TAG_LENGTH,
  CLIENT_NONCE_LENGTH,
  FIRST_REQUEST_HEADERS,
  HandshakeMessageType,
  HPKE_INFO_LABEL,
  MAX_FIRST_REQUEST_LENGTH,
  MAX_SERVER_HELLO_LENGTH,
  PROTOCOL_VERSION,
  SERVER_FINISHED_SEQUENCE,
  TRANSCRIPT_HASH_LENGTH,
  X25519_PUBLIC_KEY_LENGTH,
} from "./constants";
import { TunnelProtocolError } from "./errors";
import type { AeadKey } from "./keys";
import { decodeSealedMessage } from "./message";
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

/**
 * Step 1, server to client: a UTF-8 JSON object `{"evidence": {...}}`, with
 * `"maxFirstRequestLength": n` when the server takes a ClientFinishedWithRequest whose request part
 * is at most n bytes (the hello is in the transcript: a change on the path fails the handshake).
 */
export interface ServerHello {
  evidence: TunnelEvidence;
  /** Set when the server takes the combined step 2 (frames 5 and 6); a positive integer. */
  maxFirstRequestLength?: number;
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

/**
 * The session's first call, carried by a ClientFinishedWithRequest: what a tunnelled call sends
 * beside its sealed body, the body sealed under the new session's c2s key with sequence number 0.
 */
export interface FirstRequest {
  /** Upper case, an RFC 9110 token; never GET or HEAD (they carry no body). */
  method: string;
  /** `canonicalPath` of the request target, relative to the api base. */
  path: string;
  /** Lower-case names of {@link FIRST_REQUEST_HEADERS}, each at most once, and their values. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The sealed request (seq 0), exactly the body a separate call would send. */
  sealed: Bytes;
}

/** Step 2 with the first call, client to server (frame type 5). */
export interface ClientFinishedWithRequest extends ClientFinished {
  request: FirstRequest;
}

/** The answer of the first call, as a separate call would have received it. */
export interface FirstResponse {
  /** The HTTP status the call was answered with (100..599). */
  status: number;
  /** True when `body` is sealed (the call's `X-Encrypted-Response`); false for a plaintext error. */
  encrypted: boolean;
  body: Bytes;
}

/** Step 2 with the first call's answer, server to client (frame type 6). */
export interface ServerFinishedWithResponse extends ServerFinished {
  response: FirstResponse;
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

function isPositiveLength(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/**
 * `frame(ServerHello, UTF-8 JSON {"evidence": evidence})`, with `"maxFirstRequestLength": n` after
 * it when given.
 */
export function encodeServerHello(hello: ServerHello): Bytes {
  if (hello.maxFirstRequestLength !== undefined && !isPositiveLength(hello.maxFirstRequestLength)) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "maxFirstRequestLength must be positive");
  }
  return encodeHandshakeFrame(
    HandshakeMessageType.ServerHello,
    utf8(
      JSON.stringify(
        hello.maxFirstRequestLength === undefined
          ? { evidence: hello.evidence }
          : { evidence: hello.evidence, maxFirstRequestLength: hello.maxFirstRequestLength },
      ),
    ),
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
  // An older server says nothing; a value that is not a positive integer is read as nothing.
  return isPositiveLength(parsed.maxFirstRequestLength)
    ? { evidence: evidence as TunnelEvidence, maxFirstRequestLength: parsed.maxFirstRequestLength }
    : { evidence: evidence as TunnelEvidence };
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
  const finished = readClientFinishedKeys(payload);
  if (payload.length !== CLIENT_FINISHED_KEYS_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "client finished has the wrong length");
  }
  return finished;
}

/** `u16 encLength || enc || confirmation`: 82 bytes. */
const CLIENT_FINISHED_KEYS_LENGTH = 2 + X25519_PUBLIC_KEY_LENGTH + CONFIRMATION_LENGTH;

function readClientFinishedKeys(payload: Bytes): ClientFinished {
  if (payload.length < CLIENT_FINISHED_KEYS_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "client finished too short");
  }
  const encLength = ((payload[0] ?? 0) << 8) | (payload[1] ?? 0);
  if (encLength !== X25519_PUBLIC_KEY_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "client finished has the wrong length");
  }
  return {
    enc: payload.slice(2, 2 + encLength),
    confirmation: payload.slice(2 + encLength, CLIENT_FINISHED_KEYS_LENGTH),
  };
}

const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
const FIRST_REQUEST_HEADER_SET = new Set(FIRST_REQUEST_HEADERS);

function lp16(value: Uint8Array, what: string): Bytes {
  if (value.length > 0xffff) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", `${what} is too long`);
  }
  return concatBytes(u16(value.length), value);
}

/** Checks a first request's fields (both directions): throws INVALID_ARGUMENT or MALFORMED_FRAME. */
function checkFirstRequest(request: FirstRequest, reason: "INVALID_ARGUMENT" | "MALFORMED_FRAME") {
  let method: string;
  let path: string;
  try {
    method = canonicalMethod(request.method);
    path = canonicalPath(request.path);
  } catch (error) {
    throw new TunnelProtocolError(reason, "invalid first request method or path", { cause: error });
  }
  if (method !== request.method || path !== request.path) {
    throw new TunnelProtocolError(reason, "the first request's method and path must be canonical");
  }
  if (method === "GET" || method === "HEAD") {
    throw new TunnelProtocolError(reason, `a ${method} request carries no sealed body`);
  }
  const seen = new Set<string>();
  for (const [name, value] of request.headers) {
    if (!FIRST_REQUEST_HEADER_SET.has(name) || seen.has(name)) {
      throw new TunnelProtocolError(reason, `header ${JSON.stringify(name)} cannot be carried`);
    }
    if (!HEADER_VALUE.test(value)) {
      throw new TunnelProtocolError(reason, `invalid value of header ${name}`);
    }
    seen.add(name);
  }
  let seq: number;
  try {
    seq = decodeSealedMessage(request.sealed).seq;
  } catch (error) {
    throw new TunnelProtocolError(reason, "the first request is not a sealed message", {
      cause: error,
    });
  }
  if (seq !== 0) {
    throw new TunnelProtocolError(reason, "the first request is sealed with sequence number 0");
  }
}

/** The request part of a ClientFinishedWithRequest (see the README). */
function encodeFirstRequest(request: FirstRequest): Bytes {
  checkFirstRequest(request, "INVALID_ARGUMENT");
  if (request.headers.length > 0xff) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "too many headers");
  }
  const part = concatBytes(
    lp16(utf8(request.method), "method"),
    lp16(utf8(request.path), "path"),
    new Uint8Array([request.headers.length]),
    ...request.headers.flatMap(([name, value]) => [
      lp16(utf8(name), "header name"),
      lp16(utf8(value), "header value"),
    ]),
    request.sealed,
  );
  if (part.length > MAX_FIRST_REQUEST_LENGTH) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "the first request is too large");
  }
  return part;
}

function decodeFirstRequest(part: Bytes): FirstRequest {
  if (part.length > MAX_FIRST_REQUEST_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "the first request is too large");
  }
  let at = 0;
  const take = (length: number): Bytes => {
    if (at + length > part.length) {
      throw new TunnelProtocolError("MALFORMED_FRAME", "the first request is cut short");
    }
    const out = part.slice(at, at + length);
    at += length;
    return out;
  };
  const text = (): string => {
    const length = take(2);
    try {
      return fromUtf8(take(((length[0] ?? 0) << 8) | (length[1] ?? 0)));
    } catch (error) {
      if (error instanceof TunnelProtocolError) throw error;
      throw new TunnelProtocolError("MALFORMED_FRAME", "the first request is not UTF-8", {
        cause: error,
      });
    }
  };
  const method = text();
  const path = text();
  const count = take(1)[0] ?? 0;
  const headers: Array<readonly [string, string]> = [];
  for (let i = 0; i < count; i++) headers.push([text(), text()]);
  const request: FirstRequest = { method, path, headers, sealed: part.slice(at) };
  checkFirstRequest(request, "MALFORMED_FRAME");
  return request;
}

/**
 * `frame(ClientFinishedWithRequest, u16 encLength || enc || confirmation || request)`, where
 * `request = lp16(method) || lp16(path) || u8 n || n × (lp16(name) || lp16(value)) || sealed`.
 */
export function encodeClientFinishedWithRequest(message: ClientFinishedWithRequest): Bytes {
  const keys = decodeHandshakeFrame(
    encodeClientFinished(message),
    HandshakeMessageType.ClientFinished,
  );
  return encodeHandshakeFrame(
    HandshakeMessageType.ClientFinishedWithRequest,
    concatBytes(keys, encodeFirstRequest(message.request)),
  );
}

/**
 * Parses a ClientFinishedWithRequest: its key part as a ClientFinished, its request part checked
 * (canonical method and path, no GET or HEAD, only {@link FIRST_REQUEST_HEADERS}, a sealed message
 * with sequence number 0, at most {@link MAX_FIRST_REQUEST_LENGTH} bytes). MALFORMED_FRAME otherwise.
 */
export function decodeClientFinishedWithRequest(bytes: Uint8Array): ClientFinishedWithRequest {
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ClientFinishedWithRequest);
  const finished = readClientFinishedKeys(payload);
  return { ...finished, request: decodeFirstRequest(payload.slice(CLIENT_FINISHED_KEYS_LENGTH)) };
}

/** The type byte of a handshake frame (no other check), or undefined for fewer than 2 bytes. */
export function handshakeFrameType(bytes: Uint8Array): number | undefined {
  return bytes.length < 2 ? undefined : bytes[1];
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

const FIRST_RESPONSE_HEAD_LENGTH = CONFIRMATION_LENGTH + 2 + 1;

/** `frame(ServerFinishedWithResponse, confirmation || u16 status || u8 encrypted || body)`. */
export function encodeServerFinishedWithResponse(message: ServerFinishedWithResponse): Bytes {
  if (message.confirmation.length !== CONFIRMATION_LENGTH) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `confirmation must be ${CONFIRMATION_LENGTH} bytes`,
    );
  }
  const { status, encrypted, body } = message.response;
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", `invalid HTTP status: ${status}`);
  }
  return encodeHandshakeFrame(
    HandshakeMessageType.ServerFinishedWithResponse,
    concatBytes(message.confirmation, u16(status), new Uint8Array([encrypted ? 1 : 0]), body),
  );
}

export function decodeServerFinishedWithResponse(bytes: Uint8Array): ServerFinishedWithResponse {
  const payload = decodeHandshakeFrame(bytes, HandshakeMessageType.ServerFinishedWithResponse);
  if (payload.length < FIRST_RESPONSE_HEAD_LENGTH) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "server finished with response too short");
  }
  const status =
    ((payload[CONFIRMATION_LENGTH] ?? 0) << 8) | (payload[CONFIRMATION_LENGTH + 1] ?? 0);
  const flag = payload[CONFIRMATION_LENGTH + 2];
  if (status < 100 || status > 599 || (flag !== 0 && flag !== 1)) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "invalid status or encrypted flag");
  }
  return {
    confirmation: payload.slice(0, CONFIRMATION_LENGTH),
    response: { status, encrypted: flag === 1, body: payload.slice(FIRST_RESPONSE_HEAD_LENGTH) },
  };
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
