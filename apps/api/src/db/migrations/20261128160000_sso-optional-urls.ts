import { sql, type Kysely } from "kysely";

/**
 * The userinfo and revocation URLs of a single sign-on configuration become optional (issue 26):
 * Microsoft Entra ID, which the tutorial covers, publishes no revocation endpoint, and Paraphe
 * reads the email from the ID token. Null: the provider has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sso_configuration ALTER COLUMN userinfo_url DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE sso_configuration ALTER COLUMN revocation_url DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sso_configuration SET userinfo_url = '' WHERE userinfo_url IS NULL`.execute(db);
  await sql`UPDATE sso_configuration SET revocation_url = '' WHERE revocation_url IS NULL`.execute(
    db,
  );
  await sql`ALTER TABLE sso_configuration ALTER COLUMN userinfo_url SET NOT NULL`.execute(db);
  await sql`ALTER TABLE sso_configuration ALTER COLUMN revocation_url SET NOT NULL`.execute(db);
}
