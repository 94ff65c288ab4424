import { concatBytes, u16, utf8, type Bytes } from "./bytes";
import {
  MAX_SEQUENCE_NUMBER,
  MESSAGE_AAD_LABEL,
  PROTOCOL_VERSION,
  SERVER_FINISHED_LABEL,
} from "./constants";
import { TunnelProtocolError } from "./errors";

/** Which way a sealed message travels: a request (client to server) or a response. */
export type MessageDirection = "request" | "response";

const DIRECTION_BYTE: Record<MessageDirection, number> = { request: 1, response: 2 };
const MESSAGE_AAD_LABEL_BYTES = utf8(MESSAGE_AAD_LABEL);

/** What the associated data of a sealed message binds. */
export interface AssociatedDataFields {
  direction: MessageDirection;
  /** HTTP method of the request (upper-cased here). */
  method: string;
  /** Request target relative to the api base, with its query (canonicalised here). */
  path: string;
  /** Tunnel session id (`X-Session-Id`). */
  sessionId: string;
  /** Sequence number carried in this message's header. */
  seq: number;
  /** Response only: the sequence number of the request being answered. */
  requestSeq?: number;
  /** Response only: the HTTP status of the response. */
  status?: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Z-]+$/;
/**
 * Paths a URL parser leaves as they are: segments of letters, digits, "-", "_" and "~" (no dot
 * segment, no percent-encoding, no query). They skip the parser, which costs more than sealing a
 * small message.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-]+)+\/?$/;
const SESSION_ID = /^[\x21-\x7e]{1,255}$/;
const PATH_BASE = "http://paraphe.invalid";

/**
 * The canonical request target bound by the associated data: the path and query of `path` as a
 * URL parser sees them (percent-encoding normalised, dot segments resolved, fragment dropped).
 * `path` must start with one "/" (never an absolute URL or a scheme-relative "//host").
 */
export function canonicalPath(path: string): string {
  if (PLAIN_PATH.test(path)) return path;
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `invalid request path: ${JSON.stringify(path)}`,
    );
  }
  const url = new URL(path, PATH_BASE);
  if (url.origin !== PATH_BASE) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `invalid request path: ${JSON.stringify(path)}`,
    );
  }
  return url.pathname + url.search;
}

/** Upper-cased HTTP method, checked to be an RFC 9110 token. */
export function canonicalMethod(method: string): string {
  const upper = method.toUpperCase();
  if (!TOKEN.test(upper) || upper.length > 32) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `invalid HTTP method: ${JSON.stringify(method)}`,
    );
  }
  return upper;
}

/** True for a session id the protocol accepts: 1 to 255 visible ASCII characters. */
export function isValidSessionId(sessionId: string): boolean {
  return SESSION_ID.test(sessionId);
}

function assertSessionId(sessionId: string): void {
  if (!isValidSessionId(sessionId)) {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "invalid session id");
  }
}

function assertSeq(seq: number, what: string): void {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_SEQUENCE_NUMBER) {
    throw new TunnelProtocolError("INVALID_SEQUENCE", `invalid ${what}: ${seq}`);
  }
}

/**
 * The associated data of a sealed message, one canonical byte string (integers big-endian):
 *
 * ```
 * u16 n | "paraphe/tunnel/v1 message"     label
 * u8      version                          PROTOCOL_VERSION (1)
 * u8      direction                        1 = request, 2 = response
 * u16 n | method                           ASCII, upper case
 * u32 n | path                             UTF-8, canonicalPath(path)
 * u16 n | sessionId                        ASCII
 * u64     seq                              this message's sequence number
 * u64     requestSeq                       request: = seq; response: the answered request's seq
 * u16     status                           request: 0; response: HTTP status (100..599)
 * ```
 */
export function buildAssociatedData(fields: AssociatedDataFields): Bytes {
  const method = utf8(canonicalMethod(fields.method));
  const path = utf8(canonicalPath(fields.path));
  assertSessionId(fields.sessionId);
  assertSeq(fields.seq, "sequence number");
  let requestSeq: number;
  let status: number;
  if (fields.direction === "request") {
    if (fields.requestSeq !== undefined && fields.requestSeq !== fields.seq) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", "a request's requestSeq is its own seq");
    }
    if (fields.status !== undefined && fields.status !== 0) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", "a request carries no status");
    }
    requestSeq = fields.seq;
    status = 0;
  } else if (fields.direction === "response") {
    if (fields.requestSeq === undefined || fields.status === undefined) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", "a response binds requestSeq and status");
    }
    assertSeq(fields.requestSeq, "request sequence number");
    if (!Number.isInteger(fields.status) || fields.status < 100 || fields.status > 599) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", `invalid HTTP status: ${fields.status}`);
    }
    requestSeq = fields.requestSeq;
    status = fields.status;
  } else {
    throw new TunnelProtocolError("INVALID_ARGUMENT", "direction must be request or response");
  }
  const sessionId = utf8(fields.sessionId);
  // One allocation, written in place (integers big-endian).
  const label = MESSAGE_AAD_LABEL_BYTES;
  const out = new Uint8Array(
    2 + label.length + 2 + 2 + method.length + 4 + path.length + 2 + sessionId.length + 8 + 8 + 2,
  );
  const view = new DataView(out.buffer);
  let at = 0;
  const bytes = (value: Uint8Array): void => {
    out.set(value, at);
    at += value.length;
  };
  const uint = (value: number, size: 1 | 2 | 4 | 8): void => {
    if (size === 1) view.setUint8(at, value);
    else if (size === 2) view.setUint16(at, value, false);
    else if (size === 4) view.setUint32(at, value, false);
    else {
      // A sequence number ≤ 2^53 − 1: its high and low 32 bits.
      view.setUint32(at, Math.floor(value / 0x1_0000_0000), false);
      view.setUint32(at + 4, value >>> 0, false);
    }
    at += size;
  };
  uint(label.length, 2);
  bytes(label);
  uint(PROTOCOL_VERSION, 1);
  uint(DIRECTION_BYTE[fields.direction], 1);
  uint(method.length, 2);
  bytes(method);
  uint(path.length, 4);
  bytes(path);
  uint(sessionId.length, 2);
  bytes(sessionId);
  uint(fields.seq, 8);
  uint(requestSeq, 8);
  uint(status, 2);
  return out;
}

/**
 * Associated data of the server's key confirmation:
 * `u16 n | "paraphe/tunnel/v1 server finished" || u8 version || u16 n | sessionId`.
 */
export function buildServerFinishedAad(sessionId: string): Bytes {
  assertSessionId(sessionId);
  const label = utf8(SERVER_FINISHED_LABEL);
  const id = utf8(sessionId);
  return concatBytes(
    u16(label.length),
    label,
    new Uint8Array([PROTOCOL_VERSION]),
    u16(id.length),
    id,
  );
}

/** Associated data of the client's HPKE-sealed key confirmation: the session id's ASCII bytes. */
export function buildClientFinishedAad(sessionId: string): Bytes {
  assertSessionId(sessionId);
  return utf8(sessionId);
}
