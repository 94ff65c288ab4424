import { sql, type Kysely } from "kysely";

/**
 * Open secure-tunnel sessions shared by several api replicas (TUNNEL_SESSION_STORE=database): the
 * session keys encrypted with a key derived from the blob master key, the lifetimes, the replay
 * window of the requests and the sequence counter of the responses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tunnel_session (
      id text PRIMARY KEY,
      sealed_secrets bytea NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      replay_highest bigint NOT NULL DEFAULT -1
        CONSTRAINT tunnel_session_replay_highest_check CHECK (replay_highest >= -1 AND replay_highest <= 9007199254740991),
      replay_bitmap bytea NOT NULL DEFAULT decode('0000000000000000', 'hex')
        CONSTRAINT tunnel_session_replay_bitmap_check CHECK (octet_length(replay_bitmap) = 8),
      next_response_seq bigint NOT NULL DEFAULT 0
        CONSTRAINT tunnel_session_next_response_seq_check CHECK (next_response_seq >= 0)
    )`.execute(db);
  await sql`CREATE INDEX tunnel_session_expires_idx ON tunnel_session (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE tunnel_session`.execute(db);
}
