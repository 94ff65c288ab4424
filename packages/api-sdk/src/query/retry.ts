import { isRetryableTunnelMessage, isTunnelSessionLost } from "../errors/api-error";

/** Retries after the first failure at most (spec §7): four attempts in all. */
export const MAX_RETRIES = 3;

/**
 * Why a failed call is retried: "reset" for the tunnel's empty-message failures (a reset routine
 * runs first), "tunnel-lost" for TUNNEL_ERROR 401 (the tunnel is destroyed, then the call retried).
 */
export type RetryReason = "reset" | "tunnel-lost";

/** The reason to retry after `error`, or null when spec §7 does not retry it. */
export function retryReason(error: unknown): RetryReason | null {
  if (isTunnelSessionLost(error)) return "tunnel-lost";
  if (isRetryableTunnelMessage(error)) return "reset";
  return null;
}

/**
 * TanStack Query's `retry` (v5: `failureCount` is 0 after the first failure): true up to
 * `MAX_RETRIES` times, and only for the tunnel's EMPTY_REQUEST_BODY, EMPTY_ENCRYPTED_MESSAGE,
 * EMPTY_DECRYPTED_MESSAGE, EMPTY_RESPONSE_DATA or a TUNNEL_ERROR 401. Never for anything else:
 * not a 500, not a network failure, not a validation error.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && retryReason(error) !== null;
}

/** Runs before a retry; a returned promise is not awaited (the retry waits its delay meanwhile). */
export type RetryHook = (error: unknown, failureCount: number) => void | Promise<void>;

export interface QueryClientDefaultsOptions {
  /** The reset routine before retrying an empty-message failure (e.g. the tunnel client's `reset()`). */
  readonly onResetRoutine?: RetryHook;
  /** Before retrying after TUNNEL_ERROR 401 (e.g. the tunnel client's `destroy()`). */
  readonly onTunnelLost?: RetryHook;
  /** A hook that threw or rejected; `console.error` by default. The retry happens anyway. */
  readonly onHookError?: (error: unknown) => void;
}

/** `retry` as TanStack Query v5 takes it. */
export type RetryFunction = (failureCount: number, error: unknown) => boolean;

/** `defaultOptions` for `new QueryClient({ defaultOptions })` (TanStack Query v5). */
export interface QueryClientRetryDefaults {
  queries: { retry: RetryFunction };
  mutations: { retry: RetryFunction };
}

/**
 * The query client's defaults of spec §7, framework-free: queries retry through `shouldRetry`, and
 * just before a retry the hook matching the error runs (`onResetRoutine` or `onTunnelLost`).
 * Mutations retry the same way, except after TUNNEL_ERROR 401: that answer is plaintext (anyone on
 * the path could forge it after the server ran the call), so a mutation is never sent again on it.
 *
 * ```ts
 * new QueryClient({ defaultOptions: createQueryClientDefaults({
 *   onResetRoutine: () => tunnel.reset(),
 *   onTunnelLost: () => tunnel.destroy(),
 * }) });
 * ```
 */
export function createQueryClientDefaults(
  options: QueryClientDefaultsOptions = {},
): QueryClientRetryDefaults {
  const onHookError =
    options.onHookError ??
    ((error: unknown) => {
      console.error("[api-sdk] a retry hook failed", error);
    });

  const runHook = (hook: RetryHook | undefined, error: unknown, failureCount: number): void => {
    if (!hook) return;
    try {
      const result = hook(error, failureCount);
      if (result && typeof result.then === "function") result.then(undefined, onHookError);
    } catch (hookError) {
      onHookError(hookError);
    }
  };

  const retry: RetryFunction = (failureCount, error) => {
    if (!shouldRetry(failureCount, error)) return false;
    const reason = retryReason(error);
    runHook(
      reason === "tunnel-lost" ? options.onTunnelLost : options.onResetRoutine,
      error,
      failureCount,
    );
    return true;
  };
  // A mutation is not sent again after TUNNEL_ERROR 401: that answer is plaintext, and may have
  // been forged after the server ran the call; the caller sees the error and may try again.
  const mutationRetry: RetryFunction = (failureCount, error) =>
    retryReason(error) !== "tunnel-lost" && retry(failureCount, error);

  return { queries: { retry }, mutations: { retry: mutationRetry } };
}
