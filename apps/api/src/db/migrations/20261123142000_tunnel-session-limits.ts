import { sql, type Kysely } from "kysely";

/**
 * Per-address quotas of secure-tunnel sessions (TUNNEL_MAX_SESSIONS_PER_ADDRESS): each session
 * records the address (IPv4, or IPv6 /64) of the client that opened it, null for in-process calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tunnel_session ADD COLUMN client_address text`.execute(db);
  await sql`CREATE INDEX tunnel_session_client_address_idx ON tunnel_session (client_address, expires_at)
    WHERE client_address IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX tunnel_session_client_address_idx`.execute(db);
  await sql`ALTER TABLE tunnel_session DROP COLUMN client_address`.execute(db);
}
