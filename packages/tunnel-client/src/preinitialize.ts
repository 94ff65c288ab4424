import { PREINIT_DELAY_MS } from "./protocol/constants";

export interface PreinitializeOptions {
  /** Delay after app start; 200 ms by default (spec §9). */
  delayMs?: number;
  /** Called when the early handshake fails (the app shows its tunnelPreinitFailed toast). */
  onFailure?: (error: unknown) => void;
}

/**
 * Opens the tunnel shortly after the app starts, so that the first call does not wait for the
 * handshake. Returns a function that cancels the pre-initialisation if it has not started yet.
 */
export function preinitialize(
  client: { ensureOpen(): Promise<void> },
  options: PreinitializeOptions = {},
): () => void {
  const timer = setTimeout(() => {
    client.ensureOpen().catch((error: unknown) => {
      options.onFailure?.(error);
    });
  }, options.delayMs ?? PREINIT_DELAY_MS);
  return () => clearTimeout(timer);
}
