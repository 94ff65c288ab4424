/**
 * A client that rides out an api that dies and comes back: a call that failed because of the
 * connection (no answer, a dropped tunnel session, 502/503) is made again on a fresh client (a new
 * tunnel session), after the api is back; so is one the api asked to come back later (429, as an
 * account's share of the upload lane is full while its earlier uploads are processed). Anything
 * else the api answered with a reason (a 4xx, a 500 with a request id) is not retried: it is the
 * call's answer. Not part of the server.
 */
import { ApiError, type ApiClient } from "@paraphe/api-sdk";
import { isTunnelError } from "@paraphe/tunnel-client";

/** Whether `error` means the call may not have reached the api, or the api could not serve it. */
export function isTransient(error: unknown): boolean {
  if (isTunnelError(error)) return true;
  if (error instanceof ApiError) {
    if (error.code === "TUNNEL_ERROR") return true;
    if (error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 429)
      return true;
    // The SDK's network failure: INTERNAL_SERVER_ERROR without an answer (no request id).
    return error.statusCode === 500 && error.requestId === undefined;
  }
  return error instanceof TypeError;
}

export interface RetryStats {
  retries: number;
  /** Calls that got their answer. */
  answered: number;
  /** Called after each answered call. */
  onAnswer?: () => void;
}

export interface ResilientCaller {
  /**
   * Runs `call` until it answers or fails for a reason of its own. `onRetriedFailure` decides what
   * a failure of a call made again means (a retried send or sign may answer that it was already
   * done by the attempt whose answer was lost): return a value to accept, throw to fail.
   */
  call<T>(
    call: (api: ApiClient) => Promise<T>,
    onRetriedFailure?: (error: unknown) => T | Promise<T>,
  ): Promise<T>;
}

export function resilientCaller(
  makeClient: () => ApiClient,
  options: {
    stats: RetryStats;
    /** Resolves when the api is up (at once when it is). */
    whenUp: () => Promise<void>;
    maxAttempts?: number;
  },
): ResilientCaller {
  let api = makeClient();
  const maxAttempts = options.maxAttempts ?? 60;
  return {
    async call(call, onRetriedFailure) {
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await call(api);
          options.stats.answered += 1;
          options.stats.onAnswer?.();
          return answer;
        } catch (error) {
          if (isTransient(error) && attempt < maxAttempts) {
            options.stats.retries += 1;
            api = makeClient();
            // The kill may not be noticed yet: a short pause keeps the loop from spinning.
            await new Promise((resolve) => setTimeout(resolve, 100 * Math.min(attempt, 10)));
            await options.whenUp();
            continue;
          }
          if (attempt > 1 && onRetriedFailure !== undefined) return onRetriedFailure(error);
          throw error;
        }
      }
    },
  };
}
