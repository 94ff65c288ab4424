import {
  createReplayWindow,
  MAX_SEQUENCE_NUMBER,
  type ReplayWindow,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
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
}

export interface MemorySessionStoreOptions {
  lifetimes: SessionLifetimes;
  /** At most this many open sessions; a handshake beyond it is refused (503). Default 100,000. */
  maxSessions?: number;
}

/**
 * Open sessions in this process's memory (TUNNEL_SESSION_STORE=memory, the default for one
 * process). JavaScript runs each method's check-and-update without interleaving, which makes it
 * atomic.
 */
export class MemorySessionStore implements TunnelSessionStore {
  readonly kind = "memory";
  readonly #sessions = new Map<string, MemorySession>();
  readonly #lifetimes: SessionLifetimes;
  readonly #maxSessions: number;

  constructor(options: MemorySessionStoreOptions) {
    this.#lifetimes = options.lifetimes;
    this.#maxSessions = options.maxSessions ?? 100_000;
  }

  async create(session: {
    id: string;
    secrets: SessionSecrets;
    createdAt: number;
  }): Promise<boolean> {
    if (this.#sessions.size >= this.#maxSessions) {
      await this.sweep(session.createdAt);
      if (this.#sessions.size >= this.#maxSessions) return false;
    }
    this.#sessions.set(session.id, {
      secrets: session.secrets,
      createdAt: session.createdAt,
      lastUsedAt: session.createdAt,
      incoming: createReplayWindow(),
      nextResponseSeq: 0,
    });
    return true;
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
    let removed = 0;
    for (const [id, session] of this.#sessions) {
      if (now >= sessionExpiresAt(session.createdAt, session.lastUsedAt, this.#lifetimes)) {
        this.#remove(id);
        removed += 1;
      }
    }
    return removed;
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
    this.#sessions.delete(id);
  }
}
