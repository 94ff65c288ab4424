export {
  createQueryClientDefaults,
  MAX_RETRIES,
  retryReason,
  shouldRetry,
  type QueryClientDefaultsOptions,
  type QueryClientRetryDefaults,
  type RetryFunction,
  type RetryHook,
  type RetryReason,
} from "./retry";
