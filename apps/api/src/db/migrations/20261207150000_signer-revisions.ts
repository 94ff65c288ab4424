import { sql, type Kysely } from "kysely";

/**
 * A signature per signer (issue 31, AES): each document's current revision, the original with the
 * fields and the PAdES signature of every signer who signed so far, each added as an incremental
 * update. Null until the first such signer signs (the original is the current revision then); the
 * seal at completion starts from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope_document ADD COLUMN revision_blob_key text`.execute(db);
  await sql`ALTER TABLE envelope_document ADD COLUMN revision_sha256 text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envelope_document DROP COLUMN revision_sha256`.execute(db);
  await sql`ALTER TABLE envelope_document DROP COLUMN revision_blob_key`.execute(db);
}
