/**
 * @paraphe/tunnel-client — the encrypted session to Paraphe's attested api host (browsers and
 * Node 20). The wire format lives in `@paraphe/tunnel-client/protocol`.
 */
export {
  createTunnelClient,
  type FetchLike,
  type HeadersInitLike,
  type TunnelClient,
  type TunnelClientOptions,
  type TunnelRequestOptions,
  type TunnelResponse,
  type WireRequest,
} from "./client";
export {
  type AttestationOutcome,
  type EvidenceContext,
  type EvidenceVerification,
  type VerifyEvidence,
} from "./evidence";
export {
  createTunnelSession,
  hasWebCrypto,
  type ReadMeta,
  type TunnelSession,
  type TunnelSessionOptions,
  type TunnelSessionState,
  type WriteMeta,
} from "./session";
export {
  isTunnelError,
  TUNNEL_ERROR_CODES,
  TunnelError,
  type TunnelErrorCode,
  type TunnelErrorOptions,
} from "./errors";
export { handshakeBackoffMs } from "./backoff";
export {
  xhrSendWithProgress,
  type ProgressRequestInit,
  type SendWithProgress,
  type UploadProgress,
} from "./upload-progress";
export { preinitialize, type PreinitializeOptions } from "./preinitialize";
export {
  ENCRYPTED_RESPONSE_HEADER,
  HANDSHAKE_BACKOFF_BASE_MS,
  HANDSHAKE_BACKOFF_FACTOR,
  HANDSHAKE_BACKOFF_JITTER_MS,
  HANDSHAKE_PATH,
  LOCK_TIMEOUT_MS,
  MAX_CONSECUTIVE_FAILURES,
  MAX_HANDSHAKE_STEPS,
  PREINIT_DELAY_MS,
  PROTOCOL_VERSION,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "./protocol/constants";
export type { FirstRequest, FirstResponse, TunnelEvidence } from "./protocol/handshake";
