import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateToLatest } from "../db/migrate";
import { openDatabase } from "../db/open-database";
import { createLogger } from "../logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory; each test file works on its own copy. */
    pgliteTemplateDir: string;
  }
}

/** Starting PGlite costs seconds; copying a migrated data directory costs a fraction of that. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), "paraphe-api-template-"));
  const dir = path.join(root, "pglite");
  const logger = createLogger({ logLevel: "silent" });
  const database = await openDatabase({ pgliteDir: dir, logger });
  try {
    await migrateToLatest(database.db, logger);
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplateDir", dir);
  return () => rm(root, { recursive: true, force: true });
}
