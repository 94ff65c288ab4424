/**
 * @paraphe/tunnel-client/protocol — the wire format of Paraphe's secure tunnel, version 1.
 * Pure functions on WebCrypto and @hpke/core, no fetch: the api's responder imports this entry.
 * The README of the package specifies every byte.
 */
export {
  AEAD_KEY_LENGTH,
  AEAD_NONCE_LENGTH,
  AEAD_TAG_LENGTH,
  CLIENT_NONCE_LENGTH,
  ENCRYPTED_RESPONSE_HEADER,
  EXPORT_LABELS,
  HANDSHAKE_BACKOFF_BASE_MS,
  HANDSHAKE_BACKOFF_FACTOR,
  HANDSHAKE_BACKOFF_JITTER_MS,
  HANDSHAKE_PATH,
  HandshakeMessageType,
  HPKE_INFO_LABEL,
  LOCK_TIMEOUT_MS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_HANDSHAKE_STEPS,
  MAX_SEQUENCE_NUMBER,
  MAX_SERVER_HELLO_LENGTH,
  MESSAGE_AAD_LABEL,
  PREINIT_DELAY_MS,
  PROTOCOL_LABEL,
  PROTOCOL_VERSION,
  REPLAY_WINDOW_SIZE,
  SEALED_HEADER_LENGTH,
  SERVER_FINISHED_LABEL,
  SERVER_FINISHED_SEQUENCE,
  SESSION_ID_HEADER,
  TRANSCRIPT_HASH_LENGTH,
  TUNNEL_CONTENT_TYPE,
  X25519_PUBLIC_KEY_LENGTH,
} from "./constants";
export {
  concatBytes,
  fromBase64Url,
  fromUtf8,
  timingSafeEqual,
  toBase64Url,
  toHex,
  utf8,
  type Bytes,
} from "./bytes";
export {
  isTunnelProtocolError,
  TunnelProtocolError,
  type TunnelProtocolErrorReason,
} from "./errors";
export {
  buildAssociatedData,
  buildClientFinishedAad,
  buildServerFinishedAad,
  canonicalMethod,
  canonicalPath,
  isValidSessionId,
  type AssociatedDataFields,
  type MessageDirection,
} from "./aad";
export { deriveNonce } from "./nonce";
export {
  deriveSessionKeys,
  deriveSessionSecrets,
  importAeadKey,
  type AeadKey,
  type HpkeExporter,
  type SessionKeys,
  type SessionSecrets,
} from "./keys";
export {
  decodeSealedMessage,
  encodeSealedMessage,
  writeSealedHeader,
  openMessage,
  sealMessage,
  type SealedMessage,
} from "./message";
export {
  buildHpkeInfo,
  computeTranscriptHash,
  createHpkeSuite,
  decodeClientFinished,
  decodeClientHello,
  decodeHandshakeFrame,
  decodeServerFinished,
  decodeServerHello,
  encodeClientFinished,
  encodeClientHello,
  encodeHandshakeFrame,
  encodeServerFinished,
  encodeServerHello,
  openServerFinished,
  sealServerFinished,
  type ClientFinished,
  type ClientHello,
  type ServerFinished,
  type ServerHello,
  type TunnelEvidence,
} from "./handshake";
export { createReplayWindow, type ReplayWindow } from "./replay-window";
export {
  decodeSealedRequest,
  encodeSealedRequest,
  isValidTraceparent,
  MAX_REQUEST_META_LENGTH,
  REQUEST_META_MARKER,
  type SealedRequestMeta,
} from "./request-meta";
