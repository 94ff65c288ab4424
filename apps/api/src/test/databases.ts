import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { migrateToLatest } from "../db/migrate";
import { openDatabase, type DatabaseConnection } from "../db/open-database";
import { createLogger, type Logger } from "../logger";

export type TestDatabaseKind = "pglite" | "postgres";

/**
 * The databases the suite runs against: PGlite always, PostgreSQL too when TEST_DATABASE_URL is
 * set. Use with `describe.each(testDatabaseKinds)`.
 */
export const testDatabaseKinds: TestDatabaseKind[] =
  process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === ""
    ? ["pglite"]
    : ["pglite", "postgres"];

/**
 * One database for suites whose cost is not in the database (fuzzing every route, the upload
 * corpus): PostgreSQL when TEST_DATABASE_URL names one (CI), otherwise PGlite. The same queries run
 * on both in the rest of the suite; running these twice would double the longest files for little.
 */
export const oneTestDatabaseKind: TestDatabaseKind = testDatabaseKinds.includes("postgres")
  ? "postgres"
  : "pglite";

export interface TestDatabase {
  connection: DatabaseConnection;
  /** For PostgreSQL: a connection string that reaches this test's schema. */
  databaseUrl: string | undefined;
  /** Closes the database and removes everything it created. */
  destroy(): Promise<void>;
}

/**
 * A migrated database of its own for one test file: a copy of the migrated PGlite template, or a
 * fresh schema in the TEST_DATABASE_URL database (reached through the connection's search_path).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  logger: Logger = silentLogger(),
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const root = await mkdtemp(path.join(tmpdir(), "paraphe-api-db-"));
    const dir = path.join(root, "pglite");
    await cp(inject("pgliteTemplateDir"), dir, { recursive: true });
    const connection = await openDatabase({ pgliteDir: dir, logger });
    return {
      connection,
      databaseUrl: undefined,
      async destroy() {
        await connection.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl === undefined) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const connection = await openDatabase({ databaseUrl, logger });
  await migrateToLatest(connection.db, logger);
  return {
    connection,
    databaseUrl,
    async destroy() {
      await connection.close();
      const cleaner = new pg.Client({ connectionString: baseUrl });
      await cleaner.connect();
      try {
        await cleaner.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

export function silentLogger(): Logger {
  return createLogger({ logLevel: "silent" });
}
