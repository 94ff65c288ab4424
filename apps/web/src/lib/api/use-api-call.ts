import { createQueryClientDefaults } from "@paraphe/api-sdk";
import { useCallback, useMemo, useRef, useState } from "react";
import { useApi } from "./api-context";

/** TanStack Query's delay before a retry (its default): 1 s, then 2 s, then 4 s. */
function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** A call the page makes on the person's action, and where it stands (as a TanStack mutation). */
export interface ApiCall<Input, Output> {
  /** Makes the call; `onSuccess` runs with its answer. A failure is in `error`. */
  mutate(input: Input, options?: { onSuccess?: (output: Output) => void }): void;
  /** Makes the call; resolves with its answer, rejects with its failure (also in `error`). */
  mutateAsync(input: Input): Promise<Output>;
  isPending: boolean;
  isError: boolean;
  /** The last call's failure; null when it succeeded, is going on or none was made. */
  error: unknown;
}

interface CallState {
  status: "idle" | "pending" | "success" | "error";
  error: unknown;
}

/**
 * A call made on the person's action, without TanStack Query (the login page's calls, so that the
 * library is not part of its first load), with the retries of the app's mutations (spec §7, the
 * query client's `createQueryClientDefaults`): up to 3 more times after the tunnel's empty-message
 * failures, the reset routine first, never after TUNNEL_ERROR 401; none with `retry: false` (a
 * passkey ceremony, an authorization code). The state follows the last call made. `call` should
 * keep its identity across renders (`useCallback`).
 */
export function useApiCall<Input, Output>(
  call: (input: Input) => Promise<Output>,
  options: { retry?: false } = {},
): ApiCall<Input, Output> {
  const api = useApi();
  const [state, setState] = useState<CallState>({ status: "idle", error: null });
  const latest = useRef(0);
  const retries = options.retry !== false;

  const mutateAsync = useCallback(
    async (input: Input): Promise<Output> => {
      const attempt = ++latest.current;
      setState({ status: "pending", error: null });
      const { retry } = createQueryClientDefaults({
        onResetRoutine: () => api.tunnel.reset(),
        onTunnelLost: () => api.tunnel.destroy(),
      }).mutations;
      for (let failures = 0; ; failures += 1) {
        try {
          const output = await call(input);
          if (attempt === latest.current) setState({ status: "success", error: null });
          return output;
        } catch (error) {
          if (!retries || !retry(failures, error)) {
            if (attempt === latest.current) setState({ status: "error", error });
            throw error;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    },
    [api, call, retries],
  );

  const mutate = useCallback(
    (input: Input, callbacks: { onSuccess?: (output: Output) => void } = {}) => {
      mutateAsync(input).then(callbacks.onSuccess, () => undefined);
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      mutate,
      mutateAsync,
      isPending: state.status === "pending",
      isError: state.status === "error",
      error: state.error,
    }),
    [mutate, mutateAsync, state],
  );
}
