import { randomUUID } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseConnection } from "../db/open-database";
import { createLogger, type Logger } from "../logger";
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresDatabaseUrl,
  testDatabaseUrl,
} from "./postgres-databases";

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
  /** For PostgreSQL: a connection string that reaches this test's database. */
  databaseUrl: string | undefined;
  /** Closes the database and removes everything it created. */
  destroy(): Promise<void>;
}

/**
 * A migrated database of its own for one test file: a copy of the migrated PGlite template, or on
 * PostgreSQL a database of its own made from the migrated template database (`CREATE DATABASE
 * ... TEMPLATE`: a copy of its files, a fraction of the cost of running every migration). The
 * global set-up migrates both templates once per run.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  logger: Logger = silentLogger(),
): Promise<TestDatabase> {
  if (kind === "pglite") return pgliteDatabase(inject("pgliteTemplateDir"), logger);
  return postgresDatabase(inject("postgresTemplateDatabase"), logger);
}

/**
 * An empty database, not migrated: for the tests that run the migrations themselves (from
 * scratch, as a new deployment does). A fresh PGlite directory, or a PostgreSQL database made from
 * `template0`.
 */
export async function createEmptyTestDatabase(
  kind: TestDatabaseKind,
  logger: Logger = silentLogger(),
): Promise<TestDatabase> {
  if (kind === "pglite") return pgliteDatabase(undefined, logger);
  return postgresDatabase("template0", logger);
}

async function pgliteDatabase(
  templateDir: string | undefined,
  logger: Logger,
): Promise<TestDatabase> {
  const root = await mkdtemp(path.join(tmpdir(), "paraphe-api-db-"));
  const dir = path.join(root, "pglite");
  if (templateDir !== undefined) await cp(templateDir, dir, { recursive: true });
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

async function postgresDatabase(template: string, logger: Logger): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  const name = `paraphe_test_${randomUUID().replaceAll("-", "")}`;
  await createPostgresDatabase(serverUrl, name, template);
  const databaseUrl = postgresDatabaseUrl(serverUrl, name);
  const connection = await openDatabase({ databaseUrl, logger });
  return {
    connection,
    databaseUrl,
    async destroy() {
      await connection.close();
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

export function silentLogger(): Logger {
  return createLogger({ logLevel: "silent" });
}
