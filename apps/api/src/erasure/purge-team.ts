import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database";
import { logoBlobKey } from "../branding/team-branding";
import type { ErasureDeps } from "./erasure-deps";
import { deleteJobsNaming } from "./jobs-naming";

/** Envelopes and templates one run of the purge deletes at most. */
export const TEAM_PURGE_BATCH = 100;

type PurgeDeps = Pick<ErasureDeps, "db" | "blobStore" | "logger">;

/**
 * One run of the purge of deleted teams: the oldest team an Owner deleted loses up to `limit` of
 * its envelopes and templates, each with its files, its rows and its jobs; once it has none left,
 * its logo, the rest of its rows and jobs, and its own row go. Files go before the rows that name
 * them, so a run that stops half-way is finished by the next. Answers what went and whether work
 * remains (the caller then runs again).
 *
 * Which rows belong to a team or an envelope is read from the schema, not listed here: every table
 * with a `team_id` (or `envelope_id`) column. The database deletes those whose reference cascades;
 * the purge deletes the others (a column without a foreign key, or one that would be set to null),
 * and every job whose payload or dedupe key names one of their ids. A table added later is covered
 * without a change here.
 */
export async function runTeamPurge(
  deps: PurgeDeps,
  limit = TEAM_PURGE_BATCH,
): Promise<{ envelopes: number; teams: number; more: boolean }> {
  const team = await deps.db
    .selectFrom("team")
    .select("id")
    .where("deletionRequestedAt", "is not", null)
    .orderBy("deletionRequestedAt")
    .orderBy("id")
    .executeTakeFirst();
  if (team === undefined) return { envelopes: 0, teams: 0, more: false };

  const envelopes = await deps.db
    .selectFrom("envelope")
    .select("id")
    .where("teamId", "=", team.id)
    .orderBy("id")
    .limit(limit)
    .execute();
  if (envelopes.length > 0) {
    const byEnvelope = await tablesWith(deps.db, "envelope_id", "envelope");
    for (const envelope of envelopes) await purgeEnvelope(deps, byEnvelope, envelope.id);
  }
  if (envelopes.length === limit) return { envelopes: envelopes.length, teams: 0, more: true };

  await purgeTeamRow(deps, team.id);
  deps.logger.info({ teamId: team.id }, "deleted team purged");
  const other = await deps.db
    .selectFrom("team")
    .select("id")
    .where("deletionRequestedAt", "is not", null)
    .executeTakeFirst();
  return { envelopes: envelopes.length, teams: 1, more: other !== undefined };
}

/** A table that has the column a purge deletes by. */
interface OwnedTable {
  name: string;
  /** Whether it has an `id` column (whose values jobs may name). */
  hasId: boolean;
  /** Whether deleting the parent row deletes its rows (a foreign key ON DELETE CASCADE). */
  cascades: boolean;
}

/** The tables with a `column` column, other than `parent`, from the schema. */
async function tablesWith(
  db: Kysely<Database>,
  column: "team_id" | "envelope_id",
  parent: "team" | "envelope",
): Promise<OwnedTable[]> {
  const { rows } = await sql<OwnedTable>`
    SELECT c.table_name AS name,
      EXISTS (SELECT 1 FROM information_schema.columns i
               WHERE i.table_schema = c.table_schema AND i.table_name = c.table_name
                 AND i.column_name = 'id') AS "hasId",
      EXISTS (SELECT 1 FROM pg_constraint k
                JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
               WHERE k.contype = 'f' AND k.confdeltype = 'c'
                 AND k.conrelid = to_regclass(quote_ident(c.table_name))
                 AND k.confrelid = to_regclass(${parent})
                 AND a.attname = ${column}) AS cascades
      FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.column_name = ${column} AND c.table_name <> ${parent}
     ORDER BY c.table_name`.execute(db);
  return rows;
}

/**
 * Deletes, in `trx`, the rows of `tables` whose `column` is `value` (those the database would not
 * delete with the parent) and every job naming `value` or the id of one of those rows.
 */
async function deleteOwnedRows(
  trx: Kysely<Database>,
  tables: readonly OwnedTable[],
  column: "team_id" | "envelope_id",
  value: string,
): Promise<void> {
  const ids = [value];
  for (const table of tables.filter((t) => t.hasId)) {
    const { rows } = await sql<{ id: string }>`
      SELECT id::text AS id FROM ${sql.table(table.name)}
       WHERE ${sql.ref(column)} = ${value}`.execute(trx);
    ids.push(...rows.map((row) => row.id));
  }
  // A job names a record by its uuid in its payload or its dedupe key.
  await deleteJobsNaming(trx, ids);
  for (const table of tables.filter((t) => !t.cascades)) {
    await sql`DELETE FROM ${sql.table(table.name)} WHERE ${sql.ref(column)} = ${value}`.execute(
      trx,
    );
  }
}

async function purgeEnvelope(
  deps: PurgeDeps,
  tables: readonly OwnedTable[],
  envelopeId: string,
): Promise<void> {
  const documents = await deps.db
    .selectFrom("envelopeDocument")
    .leftJoin("documentPreview", "documentPreview.documentId", "envelopeDocument.id")
    .select([
      "envelopeDocument.blobKey",
      "envelopeDocument.sealedBlobKey",
      "documentPreview.blobKey as previewKey",
    ])
    .where("envelopeDocument.envelopeId", "=", envelopeId)
    .execute();
  const attachments = await deps.db
    .selectFrom("signerAttachment")
    .select("blobKey")
    .where("envelopeId", "=", envelopeId)
    .execute();
  const keys = new Set<string>([
    ...documents.flatMap((row) =>
      [row.blobKey, row.sealedBlobKey, row.previewKey].filter((key) => key !== null),
    ),
    ...attachments.map((row) => row.blobKey),
  ]);
  for await (const listing of deps.blobStore.list(`envelopes/${envelopeId}/`)) {
    keys.add(listing.key);
  }
  await Promise.all([...keys].map((key) => deps.blobStore.delete(key)));
  await deps.db.transaction().execute(async (trx) => {
    await deleteOwnedRows(trx, tables, "envelope_id", envelopeId);
    await trx.deleteFrom("envelope").where("id", "=", envelopeId).execute();
  });
}

async function purgeTeamRow(deps: PurgeDeps, teamId: string): Promise<void> {
  const branding = await deps.db
    .selectFrom("teamBranding")
    .select("logoKey")
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  if (branding?.logoKey != null) await deps.blobStore.delete(logoBlobKey(branding.logoKey));
  const tables = await tablesWith(deps.db, "team_id", "team");
  await deps.db.transaction().execute(async (trx) => {
    await deleteOwnedRows(trx, tables, "team_id", teamId);
    // Rate-limit buckets may be keyed by the team's id.
    await trx.deleteFrom("rateLimitCounter").where("bucket", "like", `%${teamId}%`).execute();
    await trx.deleteFrom("team").where("id", "=", teamId).execute();
  });
}
