import { fromUtf8, toBytes, utf8, type Bytes } from "./bytes";
import { TunnelProtocolError } from "./errors";

/**
 * What a sealed request may carry beside its body, inside the seal (so that only the api host
 * reads it, and nobody on the path can change it): the W3C trace context of the call.
 */
export interface SealedRequestMeta {
  /** W3C `traceparent` (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`). */
  traceparent?: string;
}

/** First byte of a plaintext that starts with a metadata block (JSON text never starts with it). */
export const REQUEST_META_MARKER = 0x00;
/** Largest metadata block, in bytes of its JSON. */
export const MAX_REQUEST_META_LENGTH = 1024;

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * Whether `value` is a W3C traceparent this protocol carries: lower-case hex fields, a version other
 * than `ff`, a trace id and a parent id that are not all zeros.
 */
export function isValidTraceparent(value: string): boolean {
  if (!TRACEPARENT.test(value)) return false;
  const [version, traceId, parentId] = value.split("-");
  return version !== "ff" && !/^0+$/.test(traceId ?? "") && !/^0+$/.test(parentId ?? "");
}

/**
 * The plaintext to seal for a request: the body alone when `meta` is empty (and the body does not
 * start with 0x00), otherwise `0x00 | u16 length (big-endian) | metadata as UTF-8 JSON | body`.
 */
export function encodeSealedRequest(body: Uint8Array, meta: SealedRequestMeta = {}): Bytes {
  const fields: Record<string, string> = {};
  if (meta.traceparent !== undefined) {
    if (!isValidTraceparent(meta.traceparent)) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", "invalid traceparent");
    }
    fields.traceparent = meta.traceparent;
  }
  // A body that itself starts with the marker gets an empty block, so that it is read as a body.
  if (Object.keys(fields).length === 0 && body[0] !== REQUEST_META_MARKER) {
    return toBytes(body);
  }
  const json = utf8(JSON.stringify(fields));
  const out = new Uint8Array(3 + json.length + body.length);
  out[0] = REQUEST_META_MARKER;
  new DataView(out.buffer).setUint16(1, json.length, false);
  out.set(json, 3);
  out.set(body, 3 + json.length);
  return out;
}

/**
 * Splits an opened request plaintext into its metadata and its body. A plaintext that does not
 * start with {@link REQUEST_META_MARKER} is a body alone. A malformed block (cut short, too long,
 * not a JSON object) rejects with MALFORMED_FRAME; an unknown field or an invalid traceparent is
 * left out.
 */
export function decodeSealedRequest(plaintext: Uint8Array): {
  meta: SealedRequestMeta;
  body: Uint8Array;
} {
  if (plaintext.length === 0 || plaintext[0] !== REQUEST_META_MARKER) {
    return { meta: {}, body: plaintext };
  }
  if (plaintext.length < 3) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "request metadata cut short");
  }
  const length = new DataView(plaintext.buffer, plaintext.byteOffset, 3).getUint16(1, false);
  if (length > MAX_REQUEST_META_LENGTH || plaintext.length < 3 + length) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "request metadata too long or cut short");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromUtf8(plaintext.subarray(3, 3 + length)));
  } catch (error) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "request metadata is not JSON", {
      cause: error,
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new TunnelProtocolError("MALFORMED_FRAME", "request metadata is not a JSON object");
  }
  const { traceparent } = parsed as { traceparent?: unknown };
  const meta: SealedRequestMeta =
    typeof traceparent === "string" && isValidTraceparent(traceparent) ? { traceparent } : {};
  return { meta, body: plaintext.subarray(3 + length) };
}
