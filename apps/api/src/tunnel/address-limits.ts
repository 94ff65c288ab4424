/** Quotas of the secure tunnel (TUNNEL_MAX_SESSIONS, TUNNEL_MAX_SESSIONS_PER_ADDRESS, ...). */
export interface TunnelLimits {
  /** Most open sessions in the store; handshakes waiting for their second step are capped alike. */
  maxSessions: number;
  /** Most open sessions one client address holds. */
  maxSessionsPerAddress: number;
  /** Most handshakes one client address starts per {@link HANDSHAKE_WINDOW_MS}. */
  handshakesPerAddress: number;
}

export const DEFAULT_TUNNEL_LIMITS: TunnelLimits = {
  maxSessions: 100_000,
  maxSessionsPerAddress: 1000,
  handshakesPerAddress: 600,
};

/** Handshakes are counted per address in fixed windows of one minute. */
export const HANDSHAKE_WINDOW_MS = 60_000;

/** How long a client refused because the whole store is full is asked to wait. */
export const STORE_FULL_RETRY_AFTER_MS = 60_000;

/** Why a session was not stored, and when trying again may succeed. */
export type CreateResult =
  { created: true } | { created: false; reason: "full" | "address"; retryAfterMs: number };

/**
 * Handshakes per address in fixed windows, in this process's memory (the memory store's counter;
 * the database store counts in `rate_limit_counter`). At most `maxTracked` addresses are counted at
 * once: past that, the counters of ended windows are dropped, then the oldest.
 */
export class HandshakeCounter {
  readonly #counts = new Map<string, { windowStart: number; count: number }>();
  readonly #limit: number;
  readonly #maxTracked: number;

  constructor(limit: number, maxTracked: number) {
    this.#limit = limit;
    this.#maxTracked = maxTracked;
  }

  /** Counts one handshake of `key`; resolves to how long to wait when it is past the limit. */
  hit(key: string, now: number): { retryAfterMs: number } | undefined {
    const windowStart = Math.floor(now / HANDSHAKE_WINDOW_MS) * HANDSHAKE_WINDOW_MS;
    let entry = this.#counts.get(key);
    if (entry === undefined || entry.windowStart !== windowStart) {
      if (entry === undefined && this.#counts.size >= this.#maxTracked) this.#makeRoom(now);
      entry = { windowStart, count: 0 };
      this.#counts.delete(key);
      this.#counts.set(key, entry);
    }
    entry.count += 1;
    if (entry.count <= this.#limit) return undefined;
    return { retryAfterMs: windowStart + HANDSHAKE_WINDOW_MS - now };
  }

  /** Drops the counters of windows that ended before `now`. */
  sweep(now: number): void {
    const current = Math.floor(now / HANDSHAKE_WINDOW_MS) * HANDSHAKE_WINDOW_MS;
    for (const [key, entry] of this.#counts) {
      if (entry.windowStart < current) this.#counts.delete(key);
    }
  }

  #makeRoom(now: number): void {
    this.sweep(now);
    // Still full within one window: forget the oldest half (insertion order).
    if (this.#counts.size < this.#maxTracked) return;
    let excess = this.#counts.size - Math.floor(this.#maxTracked / 2);
    for (const key of this.#counts.keys()) {
      if (excess <= 0) break;
      this.#counts.delete(key);
      excess -= 1;
    }
  }
}
