import {
  createReplayWindow,
  MAX_SEQUENCE_NUMBER,
  type ReplayWindow,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
import {
  DEFAULT_TUNNEL_LIMITS,
  HandshakeCounter,
  STORE_FULL_RETRY_AFTER_MS,
  type CreateResult,
  type TunnelLimits,
} from "./address-limits";
import {
  sessionExpiresAt,
  type AcceptResult,
  type OpenTunnelSession,
  type SessionLifetimes,
  type TunnelSessionStore,
} from "./session-store";

interface MemorySession {
  secrets: SessionSecrets;
  createdAt: number;
  lastUsedAt: number;
  incoming: ReplayWindow;
  nextResponseSeq: number;
  addressKey: string | null;
}

export interface MemorySessionStoreOptions {
  lifetimes: SessionLifetimes;
  /** Quotas (total and per address); {@link DEFAULT_TUNNEL_LIMITS} for those not given. */
  limits?: Partial<TunnelLimits>;
}

/**
 * Open sessions in this process's memory (TUNNEL_SESSION_STORE=memory, the default for one
 * process). JavaScript runs each method's check-and-update without interleaving, which makes it
 * atomic.
 */
export class MemorySessionStore implements TunnelSessionStore {
  readonly kind = "memory";
  readonly #sessions = new Map<string, MemorySession>();
  /** Address key to the ids of its open sessions. */
  readonly #byAddress = new Map<string, Set<string>>();
  readonly #lifetimes: SessionLifetimes;
  readonly #limits: TunnelLimits;
  readonly #handshakes: HandshakeCounter;
  /** When the whole store was last swept (a full store is swept at most once a second). */
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(options: MemorySessionStoreOptions) {
    this.#lifetimes = options.lifetimes;
    this.#limits = { ...DEFAULT_TUNNEL_LIMITS, ...options.limits };
    this.#handshakes = new HandshakeCounter(
      this.#limits.handshakesPerAddress,
      this.#limits.maxSessions,
    );
  }

  async admitHandshake(
    addressKey: string,
    now: number,
  ): Promise<{ retryAfterMs: number } | undefined> {
    return this.#handshakes.hit(addressKey, now);
  }

  async create(session: {
    id: string;
    secrets: SessionSecrets;
    createdAt: number;
    addressKey: string | null;
  }): Promise<CreateResult> {
    const now = session.createdAt;
    const { addressKey } = session;
    let open = 0;
    if (addressKey !== null) {
      // Drops the address's expired sessions while finding when its next one expires, then counts.
      const ids = this.#byAddress.get(addressKey);
      let soonest = Number.POSITIVE_INFINITY;
      for (const id of ids ?? []) {
        const live = this.#live(id, now);
        if (live !== undefined) {
          soonest = Math.min(
            soonest,
            sessionExpiresAt(live.createdAt, live.lastUsedAt, this.#lifetimes),
          );
        }
      }
      open = this.#byAddress.get(addressKey)?.size ?? 0;
      if (open >= this.#limits.maxSessionsPerAddress) {
        return { created: false, reason: "address", retryAfterMs: Math.max(1000, soonest - now) };
      }
    }
    if (this.#sessions.size >= this.#limits.maxSessions && now - this.#sweptAt >= 1000) {
      await this.sweep(now);
    }
    if (this.#sessions.size >= this.#limits.maxSessions && !this.#evictFromBusiest(open)) {
      return { created: false, reason: "full", retryAfterMs: STORE_FULL_RETRY_AFTER_MS };
    }
    this.#sessions.set(session.id, {
      secrets: session.secrets,
      createdAt: session.createdAt,
      lastUsedAt: session.createdAt,
      incoming: createReplayWindow(),
      nextResponseSeq: 0,
      addressKey,
    });
    if (addressKey !== null) {
      const ids = this.#byAddress.get(addressKey) ?? new Set<string>();
      ids.add(session.id);
      this.#byAddress.set(addressKey, ids);
    }
    return { created: true };
  }

  async find(id: string, now: number): Promise<OpenTunnelSession | undefined> {
    const session = this.#live(id, now);
    if (session === undefined) return undefined;
    return {
      id,
      secrets: session.secrets,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      mayAccept: (seq) => session.incoming.check(seq),
    };
  }

  async acceptRequest(id: string, seq: number, now: number): Promise<AcceptResult> {
    const session = this.#live(id, now);
    if (session === undefined) return "closed";
    if (!session.incoming.accept(seq)) return "replayed";
    session.lastUsedAt = Math.max(session.lastUsedAt, now);
    return "accepted";
  }

  async takeResponseSeq(id: string): Promise<number | undefined> {
    const session = this.#sessions.get(id);
    if (session === undefined) return undefined;
    const seq = session.nextResponseSeq;
    if (seq > MAX_SEQUENCE_NUMBER) {
      this.#remove(id);
      return undefined;
    }
    session.nextResponseSeq = seq + 1;
    return seq;
  }

  async sweep(now: number): Promise<number> {
    this.#sweptAt = now;
    this.#handshakes.sweep(now);
    let removed = 0;
    for (const [id, session] of this.#sessions) {
      if (now >= sessionExpiresAt(session.createdAt, session.lastUsedAt, this.#lifetimes)) {
        this.#remove(id);
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Closes the least recently used session of the address holding the most sessions, when it holds
   * more than `than`; resolves to whether one was closed.
   */
  #evictFromBusiest(than: number): boolean {
    let busiest: Set<string> | undefined;
    for (const ids of this.#byAddress.values()) {
      if (busiest === undefined || ids.size > busiest.size) busiest = ids;
    }
    if (busiest === undefined || busiest.size <= than) return false;
    let victim: string | undefined;
    let victimUsedAt = Number.POSITIVE_INFINITY;
    for (const id of busiest) {
      const usedAt = this.#sessions.get(id)?.lastUsedAt ?? Number.NEGATIVE_INFINITY;
      if (usedAt < victimUsedAt) {
        victim = id;
        victimUsedAt = usedAt;
      }
    }
    if (victim === undefined) return false;
    this.#remove(victim);
    return true;
  }

  #live(id: string, now: number): MemorySession | undefined {
    const session = this.#sessions.get(id);
    if (session === undefined) return undefined;
    if (now >= sessionExpiresAt(session.createdAt, session.lastUsedAt, this.#lifetimes)) {
      this.#remove(id);
      return undefined;
    }
    return session;
  }

  #remove(id: string): void {
    const session = this.#sessions.get(id);
    this.#sessions.delete(id);
    if (session === undefined || session.addressKey === null) return;
    const ids = this.#byAddress.get(session.addressKey);
    ids?.delete(id);
    if (ids?.size === 0) this.#byAddress.delete(session.addressKey);
  }
}
