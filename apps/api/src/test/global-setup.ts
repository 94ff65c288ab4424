import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateToLatest } from "../db/migrate";
import { openDatabase, type OpenDatabaseOptions } from "../db/open-database";
import { createLogger } from "../logger";
import { buildTestBundle } from "./api-bundle";
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresDatabaseUrl,
  testDatabaseUrl,
} from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory; each test file works on its own copy. */
    pgliteTemplateDir: string;
    /**
     * On PostgreSQL (TEST_DATABASE_URL), the migrated database each test file's database is
     * copied from; "" without TEST_DATABASE_URL.
     */
    postgresTemplateDatabase: string;
    /**
     * The api built for the tests that run it as a child process (`server.js` and its worker), or
     * "" when TEST_DATABASE_URL is not set: those tests run on PostgreSQL only.
     */
    apiBundleDir: string;
  }
}

const API_DIR = path.join(import.meta.dirname, "..", "..");

/**
 * Starting PGlite costs seconds; copying a migrated data directory costs a fraction of that. On
 * PostgreSQL likewise, each test file's database is a copy of one template database migrated here
 * (each file ran every migration, one file at a time under a lock: on 20 files, the server's CPU
 * time fell by 30% with copies). With TEST_DATABASE_URL, the api is also built once (a second or
 * two, beside the migrations) for the tests that start it as a process: a bundle starts in a
 * fraction of the time tsx takes to load the sources, and it is what production runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), "paraphe-api-template-"));
  const dir = path.join(root, "pglite");
  const logger = createLogger({ logLevel: "silent" });
  const withPostgres = (process.env.TEST_DATABASE_URL ?? "") !== "";
  // The bundle's npm dependencies stay external: it lives under the api's node_modules to find
  // them. A directory of this run's own: `dist/` belongs to the build, which may run meanwhile.
  const cacheDir = path.join(API_DIR, "node_modules", ".cache");
  let bundleDir = "";
  // One template per run (a run never sees another's half-migrated template); dropped at the end.
  const postgresTemplate = withPostgres ? `paraphe_template_${randomBytes(8).toString("hex")}` : "";
  const migrate = async (options: OpenDatabaseOptions) => {
    const database = await openDatabase(options);
    try {
      await migrateToLatest(database.db, logger);
    } finally {
      await database.close();
    }
  };
  const dropPostgresTemplate = async () => {
    if (withPostgres) await dropPostgresDatabase(testDatabaseUrl(), postgresTemplate);
  };
  const migrated = migrate({ pgliteDir: dir, logger });
  const migratedOnPostgres = (async () => {
    if (!withPostgres) return;
    await createPostgresDatabase(testDatabaseUrl(), postgresTemplate, "template0");
    await migrate({
      databaseUrl: postgresDatabaseUrl(testDatabaseUrl(), postgresTemplate),
      logger,
    });
  })();
  const built = (async () => {
    if (!withPostgres) return;
    await mkdir(cacheDir, { recursive: true });
    bundleDir = await mkdtemp(path.join(cacheDir, "paraphe-api-test-bundle-"));
    await buildTestBundle(bundleDir);
  })();
  const failed = (await Promise.allSettled([migrated, migratedOnPostgres, built])).find(
    (outcome) => outcome.status === "rejected",
  );
  if (failed !== undefined) {
    await rm(root, { recursive: true, force: true });
    await dropPostgresTemplate();
    if (bundleDir !== "") await rm(bundleDir, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide("pgliteTemplateDir", dir);
  project.provide("postgresTemplateDatabase", postgresTemplate);
  project.provide("apiBundleDir", bundleDir);
  return async () => {
    await rm(root, { recursive: true, force: true });
    await dropPostgresTemplate();
    if (bundleDir !== "") await rm(bundleDir, { recursive: true, force: true });
  };
}
