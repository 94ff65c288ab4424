import { MAX_SEQUENCE_NUMBER, type SessionSecrets } from "@paraphe/tunnel-client/protocol";
import { sql, type ColumnType, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { countRateLimitHit, sweepRateLimits } from "../identity/rate-limit";
import type { Logger } from "../logger";
import {
  DEFAULT_TUNNEL_LIMITS,
  HANDSHAKE_WINDOW_MS,
  STORE_FULL_RETRY_AFTER_MS,
  type CreateResult,
  type TunnelLimits,
} from "./address-limits";
import { deriveSecretsKey, openSecrets, sealSecrets } from "./secrets-at-rest";
import {
  decodeReplayBitmap,
  encodeReplayBitmap,
  replayAccept,
  replayCheck,
  type ReplayState,
} from "./replay-state";
import {
  sessionExpiresAt,
  type AcceptResult,
  type OpenTunnelSession,
  type SessionLifetimes,
  type TunnelSessionStore,
} from "./session-store";

type Timestamp = ColumnType<Date, Date, Date>;

/** `tunnel_session` (migration 20261122120000_tunnel-sessions), as Kysely sees it. */
export interface TunnelSessionTable {
  id: string;
  /** The session's secrets, encrypted (see `secrets-at-rest.ts`). */
  sealedSecrets: Uint8Array;
  createdAt: Timestamp;
  lastUsedAt: Timestamp;
  /** When the session expires, as of its last use (the sweep's index). */
  expiresAt: Timestamp;
  /** int8, read through `::text`. */
  replayHighest: ColumnType<string, number | undefined, number>;
  replayBitmap: ColumnType<Uint8Array, Uint8Array | undefined, Uint8Array>;
  nextResponseSeq: ColumnType<string, number | undefined, number>;
  /** The address key of the client that opened it (migration 20261123142000); null in-process. */
  clientAddress: string | null;
}

export type TunnelTables = {
  tunnelSession: TunnelSessionTable;
};

export interface DatabaseSessionStoreOptions {
  db: Kysely<Database>;
  /** The 32-byte blob master key; the secrets are encrypted under a key derived from it. */
  masterKey: Uint8Array;
  lifetimes: SessionLifetimes;
  logger: Logger;
  /** Quotas (total rows and per address); {@link DEFAULT_TUNNEL_LIMITS} for those not given. */
  limits?: Partial<TunnelLimits>;
}

/**
 * Open sessions in the database (TUNNEL_SESSION_STORE=database), shared by every replica. The
 * session keys are stored encrypted (AES-256-GCM under a key derived from the blob master key);
 * accepting a request's sequence number locks the row (`SELECT ... FOR UPDATE`) for the check and
 * the update, and a response's sequence number is taken with one `UPDATE ... RETURNING`, so two
 * replicas never accept the same request twice nor seal two responses under one nonce.
 *
 * The table is bounded: a session is refused when its client's address already holds
 * `maxSessionsPerAddress` live sessions (counted under a per-address lock); when the table holds
 * `maxSessions` rows after the expired ones were removed, the least recently used session of the
 * address holding the most makes room (if it holds more than the newcomer's address), so that a
 * few hundred addresses cannot keep everyone else out (concurrent handshakes may overshoot the
 * bound by as many as run at once). Handshakes per address are counted in `rate_limit_counter`, shared by
 * the replicas.
 */
export class DatabaseSessionStore implements TunnelSessionStore {
  readonly kind = "database";
  readonly #db: Kysely<Database & TunnelTables>;
  /** The same database, for the shared rate-limit counters. */
  readonly #counters: Kysely<Database>;
  readonly #key: Buffer;
  readonly #lifetimes: SessionLifetimes;
  readonly #logger: Logger;
  readonly #limits: TunnelLimits;

  constructor(options: DatabaseSessionStoreOptions) {
    this.#db = options.db.withTables<TunnelTables>();
    this.#counters = options.db;
    this.#key = deriveSecretsKey(options.masterKey);
    this.#lifetimes = options.lifetimes;
    this.#logger = options.logger;
    this.#limits = { ...DEFAULT_TUNNEL_LIMITS, ...options.limits };
  }

  async admitHandshake(
    addressKey: string,
    now: number,
  ): Promise<{ retryAfterMs: number } | undefined> {
    const refusal = await countRateLimitHit(
      this.#counters,
      `tunnel-handshake:${addressKey}`,
      { limit: this.#limits.handshakesPerAddress, windowMs: HANDSHAKE_WINDOW_MS },
      now,
    );
    return refusal === undefined ? undefined : { retryAfterMs: refusal.retryAfterSeconds * 1000 };
  }

  async create(session: {
    id: string;
    secrets: SessionSecrets;
    createdAt: number;
    addressKey: string | null;
  }): Promise<CreateResult> {
    const now = session.createdAt;
    const createdAt = new Date(now);
    return this.#db.transaction().execute(async (trx): Promise<CreateResult> => {
      const { addressKey } = session;
      let open = 0;
      if (addressKey !== null) {
        // One handshake per address at a time counts that address's sessions, so the quota holds.
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tunnel-session:${addressKey}`}, 0))`.execute(
          trx,
        );
        const counted = await trx
          .selectFrom("tunnelSession")
          .select([
            sql<string>`count(*)::text`.as("count"),
            sql<Date | null>`min(expires_at)`.as("soonest"),
          ])
          .where("clientAddress", "=", addressKey)
          .where("expiresAt", ">", createdAt)
          .executeTakeFirstOrThrow();
        open = Number(counted.count);
        if (open >= this.#limits.maxSessionsPerAddress) {
          const soonest = counted.soonest === null ? now : new Date(counted.soonest).getTime();
          return {
            created: false,
            reason: "address",
            retryAfterMs: Math.max(1000, soonest - now),
          };
        }
      }
      if (!(await this.#hasRoom(trx))) {
        await this.#sweepSessions(trx, now);
        if (!(await this.#hasRoom(trx)) && !(await this.#evictFromBusiest(trx, open))) {
          return { created: false, reason: "full", retryAfterMs: STORE_FULL_RETRY_AFTER_MS };
        }
      }
      await trx
        .insertInto("tunnelSession")
        .values({
          id: session.id,
          sealedSecrets: sealSecrets(this.#key, session.id, session.secrets),
          createdAt,
          lastUsedAt: createdAt,
          expiresAt: new Date(sessionExpiresAt(now, now, this.#lifetimes)),
          clientAddress: addressKey,
        })
        .execute();
      return { created: true };
    });
  }

  /**
   * Closes the least recently used session of the address holding the most sessions, when it holds
   * more than `than`; resolves to whether one was closed.
   */
  async #evictFromBusiest(trx: Kysely<Database & TunnelTables>, than: number): Promise<boolean> {
    const busiest = await trx
      .selectFrom("tunnelSession")
      .select("clientAddress")
      .where("clientAddress", "is not", null)
      .groupBy("clientAddress")
      .having(sql<number>`count(*)`, ">", than)
      .orderBy(sql`count(*)`, "desc")
      .limit(1)
      .executeTakeFirst();
    if (busiest?.clientAddress == null) return false;
    const victim = await trx
      .selectFrom("tunnelSession")
      .select("id")
      .where("clientAddress", "=", busiest.clientAddress)
      .orderBy("lastUsedAt", "asc")
      .limit(1)
      .executeTakeFirst();
    if (victim === undefined) return false;
    const removed = await trx
      .deleteFrom("tunnelSession")
      .where("id", "=", victim.id)
      .returning("id")
      .execute();
    return removed.length > 0;
  }

  /** Whether the table holds fewer rows than its bound. */
  async #hasRoom(db: Kysely<Database & TunnelTables>): Promise<boolean> {
    const row = await db
      .selectFrom("tunnelSession")
      .select(sql<string>`count(*)::text`.as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count) < this.#limits.maxSessions;
  }

  async find(id: string, now: number): Promise<OpenTunnelSession | undefined> {
    const row = await this.#db
      .selectFrom("tunnelSession")
      .select([
        "sealedSecrets",
        "createdAt",
        "lastUsedAt",
        "expiresAt",
        "replayBitmap",
        sql<string>`replay_highest::text`.as("replayHighest"),
      ])
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    if (this.#expired(row, now)) {
      await this.#deleteIfExpired(id, now);
      return undefined;
    }
    let secrets: SessionSecrets;
    try {
      secrets = openSecrets(this.#key, id, row.sealedSecrets);
    } catch {
      // Another master key, or an edited row: the session cannot be used; the client opens another.
      this.#logger.warn(
        "a stored tunnel session could not be decrypted (master key changed?); it is removed",
      );
      await this.#db.deleteFrom("tunnelSession").where("id", "=", id).execute();
      return undefined;
    }
    const state: ReplayState = {
      highest: Number(row.replayHighest),
      bitmap: decodeReplayBitmap(row.replayBitmap),
    };
    return {
      id,
      secrets,
      createdAt: row.createdAt.getTime(),
      lastUsedAt: row.lastUsedAt.getTime(),
      mayAccept: (seq) => replayCheck(state, seq),
    };
  }

  async acceptRequest(id: string, seq: number, now: number): Promise<AcceptResult> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("tunnelSession")
        .select([
          "createdAt",
          "lastUsedAt",
          "expiresAt",
          "replayBitmap",
          sql<string>`replay_highest::text`.as("replayHighest"),
        ])
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined || this.#expired(row, now)) return "closed";
      const next = replayAccept(
        { highest: Number(row.replayHighest), bitmap: decodeReplayBitmap(row.replayBitmap) },
        seq,
      );
      if (next === null) return "replayed";
      const createdAt = row.createdAt.getTime();
      const lastUsedAt = Math.max(row.lastUsedAt.getTime(), now);
      await trx
        .updateTable("tunnelSession")
        .set({
          replayHighest: next.highest,
          replayBitmap: encodeReplayBitmap(next.bitmap),
          lastUsedAt: new Date(lastUsedAt),
          expiresAt: new Date(sessionExpiresAt(createdAt, lastUsedAt, this.#lifetimes)),
        })
        .where("id", "=", id)
        .execute();
      return "accepted";
    });
  }

  async takeResponseSeq(id: string): Promise<number | undefined> {
    const row = await this.#db
      .updateTable("tunnelSession")
      .set({ nextResponseSeq: sql<number>`next_response_seq + 1` })
      .where("id", "=", id)
      .where(sql<boolean>`next_response_seq <= ${MAX_SEQUENCE_NUMBER}`)
      .returning(sql<string>`(next_response_seq - 1)::text`.as("seq"))
      .executeTakeFirst();
    if (row === undefined) {
      // Gone, or exhausted: an exhausted session is closed (401 to its next call).
      await this.#db.deleteFrom("tunnelSession").where("id", "=", id).execute();
      return undefined;
    }
    return Number(row.seq);
  }

  async sweep(now: number): Promise<number> {
    const removed = await this.#sweepSessions(this.#db, now);
    await sweepRateLimits(this.#counters, now);
    return removed;
  }

  /** Removes the expired sessions; resolves to how many. */
  async #sweepSessions(db: Kysely<Database & TunnelTables>, now: number): Promise<number> {
    const removed = await db
      .deleteFrom("tunnelSession")
      .where((eb) =>
        eb.or([
          eb("expiresAt", "<=", new Date(now)),
          eb("createdAt", "<=", new Date(now - this.#lifetimes.maxAgeMs)),
          eb("lastUsedAt", "<=", new Date(now - this.#lifetimes.idleMs)),
        ]),
      )
      // Counted from the rows returned: the embedded database's driver reports no row count.
      .returning("id")
      .execute();
    return removed.length;
  }

  /** Expired by the lifetimes it was written with, or by this process's (which may be shorter). */
  #expired(row: { createdAt: Date; lastUsedAt: Date; expiresAt: Date }, now: number): boolean {
    const limit = Math.min(
      row.expiresAt.getTime(),
      sessionExpiresAt(row.createdAt.getTime(), row.lastUsedAt.getTime(), this.#lifetimes),
    );
    return now >= limit;
  }

  async #deleteIfExpired(id: string, now: number): Promise<void> {
    await this.#db
      .deleteFrom("tunnelSession")
      .where("id", "=", id)
      .where("expiresAt", "<=", new Date(now))
      .execute();
  }
}
