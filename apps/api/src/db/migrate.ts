import { Migrator, sql, type Kysely } from "kysely";
import type { Logger } from "../logger";
import type { Database } from "./database";
import { migrations } from "./migrations";

/**
 * Brings the database to the latest migration. Safe with several replicas starting at once:
 * Kysely's migrator takes a PostgreSQL advisory lock. Throws when a migration fails.
 *
 * Everything, the migrator's own tables included, goes into the current schema (the first of the
 * connection's `search_path`), so that databases holding several schemas do not confuse it.
 */
export async function migrateToLatest(db: Kysely<Database>, logger: Logger): Promise<void> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (schema === undefined || schema === null)
    throw new Error("The database connection has no current schema (check search_path)");
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Success")
      logger.info({ migration: result.migrationName }, "migration applied");
    if (result.status === "Error")
      logger.error({ migration: result.migrationName }, "migration failed");
  }
  if (error !== undefined) throw new Error("Database migration failed", { cause: error });
}
