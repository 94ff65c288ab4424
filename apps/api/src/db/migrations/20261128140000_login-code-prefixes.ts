import { sql, type Kysely } from "kysely";

/**
 * Sign-in codes remember the network that asked for them (an IPv4 address, or an IPv6 /64; null
 * when unknown): wrong tries from one network no longer wear out the codes another network asked
 * for, and a person's own fresh code stays usable while someone else guesses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_code ADD COLUMN requested_from text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_code DROP COLUMN requested_from`.execute(db);
}
