/** Wire constants of the Paraphe secure tunnel, protocol version 1 (see the package README). */

/** Version byte carried by every handshake frame and every sealed message. */
export const PROTOCOL_VERSION = 1;

/** Label that prefixes every derivation and every piece of associated data. */
export const PROTOCOL_LABEL = "paraphe/tunnel/v1";

/** Handshake endpoint, relative to the api base. */
export const HANDSHAKE_PATH = "/tunnel/session";

/** Request and response header naming the tunnel session. */
export const SESSION_ID_HEADER = "X-Session-Id";

/** Response header flagging a sealed response body; its value is the protocol version ("1"). */
export const ENCRYPTED_RESPONSE_HEADER = "X-Encrypted-Response";

/** Content type of every handshake body and every sealed body. */
export const TUNNEL_CONTENT_TYPE = "application/octet-stream";

/** At most this many handshake POSTs (including retried ones) per handshake. */
export const MAX_HANDSHAKE_STEPS = 4;

/** Handshake backoff: base, factor per retry, and random jitter (spec §9). */
export const HANDSHAKE_BACKOFF_BASE_MS = 250;
export const HANDSHAKE_BACKOFF_FACTOR = 1.5;
export const HANDSHAKE_BACKOFF_JITTER_MS = 200;

/** Callers queued behind a running handshake wait at most this long (spec §9). */
export const LOCK_TIMEOUT_MS = 5000;

/** After this many failed handshakes in a row the client fails fast (spec §8, §9). */
export const MAX_CONSECUTIVE_FAILURES = 3;

/** Pre-initialisation starts this long after the app starts (spec §9). */
export const PREINIT_DELAY_MS = 200;

/** Random client nonce of the client hello. */
export const CLIENT_NONCE_LENGTH = 32;

/** Raw X25519 public key and HPKE encapsulated key length (DHKEM(X25519, HKDF-SHA256)). */
export const X25519_PUBLIC_KEY_LENGTH = 32;

/** AES-256-GCM key, nonce and tag lengths. */
export const AEAD_KEY_LENGTH = 32;
export const AEAD_NONCE_LENGTH = 12;
export const AEAD_TAG_LENGTH = 16;

/** SHA-256 output length: the transcript hash. */
export const TRANSCRIPT_HASH_LENGTH = 32;

/** Sealed message header: version (1 byte) and sequence number (8 bytes). */
export const SEALED_HEADER_LENGTH = 9;

/**
 * Highest sequence number a sealed message may carry (2^53 − 1, so that every implementation can
 * hold it in a JavaScript number). A session that would need more is closed and rebuilt.
 */
export const MAX_SEQUENCE_NUMBER = Number.MAX_SAFE_INTEGER;

/**
 * Sequence number reserved for the server's key confirmation (2^64 − 1): its nonce can never be
 * the nonce of a sealed message, whose sequence numbers stay at or below MAX_SEQUENCE_NUMBER.
 */
export const SERVER_FINISHED_SEQUENCE = (1n << 64n) - 1n;

/** Sliding window of the receiver's replay check (RFC 4303 §3.4.3 style). */
export const REPLAY_WINDOW_SIZE = 64;

/** Largest server hello (evidence JSON) the client accepts. */
export const MAX_SERVER_HELLO_LENGTH = 1024 * 1024;

/**
 * Largest request part a ClientFinishedWithRequest carries (method, path, headers and sealed
 * request), and what a server that takes the combined step advertises by default in its hello
 * (`maxFirstRequestLength`). A larger first call is sent on its own after the handshake.
 */
export const MAX_FIRST_REQUEST_LENGTH = 64 * 1024;

/**
 * The request headers a ClientFinishedWithRequest may carry for its request, lower case: those
 * the request signature needs (RFC 9421 `signature`, `signature-input`, RFC 9530 `content-digest`,
 * the legacy `digest`, `x-timestamp`) and content negotiation (`accept`, `accept-language`).
 * Any other header keeps the call out of the handshake (it is sent on its own).
 */
export const FIRST_REQUEST_HEADERS: readonly string[] = [
  "accept",
  "accept-language",
  "content-digest",
  "digest",
  "signature",
  "signature-input",
  "x-timestamp",
];

/** HPKE exporter contexts of the session keys (RFC 9180 §5.3). */
export const EXPORT_LABELS = {
  c2sKey: `${PROTOCOL_LABEL} c2s key`,
  s2cKey: `${PROTOCOL_LABEL} s2c key`,
  c2sIv: `${PROTOCOL_LABEL} c2s iv`,
  s2cIv: `${PROTOCOL_LABEL} s2c iv`,
} as const;

/** Label of the HPKE `info` parameter (followed by a zero byte and the hash of both hellos). */
export const HPKE_INFO_LABEL = `${PROTOCOL_LABEL} hpke info`;

/** Label of the associated data of the server's key confirmation. */
export const SERVER_FINISHED_LABEL = `${PROTOCOL_LABEL} server finished`;

/** Label of the associated data of a sealed message. */
export const MESSAGE_AAD_LABEL = `${PROTOCOL_LABEL} message`;

/** Handshake frame types. */
export const HandshakeMessageType = {
  ClientHello: 1,
  ServerHello: 2,
  ClientFinished: 3,
  ServerFinished: 4,
  /** ClientFinished carrying the session's first sealed request (see the README). */
  ClientFinishedWithRequest: 5,
  /** ServerFinished carrying the answer of that first request. */
  ServerFinishedWithResponse: 6,
} as const;
export type HandshakeMessageType = (typeof HandshakeMessageType)[keyof typeof HandshakeMessageType];
