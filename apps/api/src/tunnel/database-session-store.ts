import { MAX_SEQUENCE_NUMBER, type SessionSecrets } from "@paraphe/tunnel-client/protocol";
import { sql, type ColumnType, type Kysely } from "kysely";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
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
}

/**
 * Open sessions in the database (TUNNEL_SESSION_STORE=database), shared by every replica. The
 * session keys are stored encrypted (AES-256-GCM under a key derived from the blob master key);
 * accepting a request's sequence number locks the row (`SELECT ... FOR UPDATE`) for the check and
 * the update, and a response's sequence number is taken with one `UPDATE ... RETURNING`, so two
 * replicas never accept the same request twice nor seal two responses under one nonce.
 */
export class DatabaseSessionStore implements TunnelSessionStore {
  readonly kind = "database";
  readonly #db: Kysely<Database & TunnelTables>;
  readonly #key: Buffer;
  readonly #lifetimes: SessionLifetimes;
  readonly #logger: Logger;

  constructor(options: DatabaseSessionStoreOptions) {
    this.#db = options.db.withTables<TunnelTables>();
    this.#key = deriveSecretsKey(options.masterKey);
    this.#lifetimes = options.lifetimes;
    this.#logger = options.logger;
  }

  async create(session: {
    id: string;
    secrets: SessionSecrets;
    createdAt: number;
  }): Promise<boolean> {
    const createdAt = new Date(session.createdAt);
    await this.#db
      .insertInto("tunnelSession")
      .values({
        id: session.id,
        sealedSecrets: sealSecrets(this.#key, session.id, session.secrets),
        createdAt,
        lastUsedAt: createdAt,
        expiresAt: new Date(
          sessionExpiresAt(session.createdAt, session.createdAt, this.#lifetimes),
        ),
      })
      .execute();
    return true;
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
    const removed = await this.#db
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
