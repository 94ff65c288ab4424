import type { NonceStore } from "./verify-request";

export interface MemoryNonceStoreOptions {
  /** The clock, milliseconds since the Unix epoch; `Date.now` by default. */
  readonly now?: () => number;
}

export interface MemoryNonceStore extends NonceStore {
  /** Nonces currently remembered (expired ones may linger until the next sweep). */
  readonly size: number;
  /** Forgets expired nonces now. */
  sweep(): void;
}

/**
 * An in-memory nonce store for one process (tests, a single api replica). Nonces are kept through
 * the whole second `expiresAt` (the verifier compares whole seconds); expired ones are swept at most once a second, during `seen`. Several
 * replicas need a shared store (the database) behind the same `NonceStore` interface.
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): MemoryNonceStore {
  const now = options.now ?? Date.now;
  /** `${keyId}\n${nonce}` -> expiry, Unix seconds. A key id cannot contain a line feed. */
  const entries = new Map<string, number>();
  let nextSweepMs = 0;

  const sweepAt = (nowMs: number): void => {
    const nowSeconds = Math.floor(nowMs / 1000);
    for (const [key, expiresAt] of entries) if (expiresAt < nowSeconds) entries.delete(key);
    nextSweepMs = nowMs + 1000;
  };

  return {
    get size() {
      return entries.size;
    },

    sweep() {
      sweepAt(now());
    },

    async seen(keyId, nonce, expiresAt) {
      const nowMs = now();
      if (nowMs >= nextSweepMs) sweepAt(nowMs);
      const key = `${keyId}\n${nonce}`;
      const known = entries.get(key);
      if (known !== undefined && known >= Math.floor(nowMs / 1000)) return true;
      entries.set(key, expiresAt);
      return false;
    },
  };
}
