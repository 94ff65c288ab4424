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
  // The migrator looks for its tables through the catalog of every schema: a schema another test
  // file drops meanwhile makes that lookup fail ("relation ... does not exist"). Migrating and
  // dropping take turns under one advisory lock of the test database.
  await withSchemaLock(baseUrl, () => migrateToLatest(connection.db, logger));
  return {
    connection,
    databaseUrl,
    async destroy() {
      await connection.close();
      await withSchemaLock(baseUrl, async (client) => {
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
      });
    },
  };
}

/** The advisory lock under which test files migrate and drop their schemas (any fixed number). */
const SCHEMA_LOCK_KEY = 728_401_553;

async function withSchemaLock<T>(
  baseUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK_KEY]);
    try {
      return await run(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SCHEMA_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

export function silentLogger(): Logger {
  return createLogger({ logLevel: "silent" });
}
