import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { createApp, type AppRouter } from "../app";
import { LocalEncryptedBlobStore } from "../blob/local-encrypted-blob-store";
import { loadConfig, type Config } from "../config";
import type { Database } from "../db/database";
import { createLogger, type Logger } from "../logger";

/** Log lines written during a test, parsed. */
export type LogLine = Record<string, unknown>;

export interface TestApp {
  app: AppRouter;
  config: Config;
  logs: LogLine[];
  logger: Logger;
  /** Flips the readiness that `/health` reports. */
  setReady(ready: boolean): void;
  destroy(): Promise<void>;
}

/**
 * The real app over a test database, with a configuration read from `env` (on top of test
 * defaults) and a logger whose lines are kept in `logs`.
 */
export async function createTestApp(db: Kysely<Database>, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-api-app-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "info", ...env });
  const logs: LogLine[] = [];
  const logger = createLogger(config, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  const blobStore = new LocalEncryptedBlobStore({ directory: config.blobDir, masterKey: randomBytes(32) });
  let ready = true;
  const app = createApp({ config, logger, db, blobStore, isReady: () => ready });
  return {
    app,
    config,
    logs,
    logger,
    setReady(value) {
      ready = value;
    },
    destroy: () => rm(dataDir, { recursive: true, force: true }),
  };
}
