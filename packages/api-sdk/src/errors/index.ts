export {
  ApiError,
  isApiError,
  isAuthenticationError,
  isRetryableTunnelMessage,
  isTunnelSessionLost,
  RETRYABLE_TUNNEL_MESSAGES,
  type ApiErrorInit,
  type RetryableTunnelMessage,
} from "./api-error";
export { networkError } from "./network-error";
export {
  readApiError,
  toApiError,
  type ErrorResponseLike,
  type ResponseContext,
} from "./read-api-error";
