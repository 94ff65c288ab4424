/**
 * The real api app (the same `createApp`, tunnel, session store and middleware as the server) over
 * a migrated PGlite database in a temporary directory (or a PostgreSQL database when given), built the way the api's own test helper
 * (`createTestApp`) builds it, with a logger that formats every line at `info` and then drops it
 * (so a long run does not keep its access log in memory).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely, KyselyPlugin } from "kysely";
import {
  type AppRouter,
  createApp,
  createLogger,
  createTunnel,
  type DatabaseConnection,
  deriveActivityKey,
  deriveSsoKey,
  deriveWebhookKey,
  deriveLinkKey,
  deriveMailKey,
  deriveSessionCredentialKey,
  loadConfig,
  LocalEncryptedBlobStore,
  migrateToLatest,
  openDatabase,
  type Tunnel,
} from "@paraphe/api";

/** The app-level credential the throughput benchmark signs its calls with (RFC 9421). */
export const BENCH_APP_CREDENTIAL = {
  accessKey: "paraphe-bench",
  secretKey: "paraphe-bench-app-credential",
} as const;

export interface BenchApi {
  app: AppRouter;
  tunnel: Tunnel;
  /** The app's database connection (without the benchmark's plugins). */
  db: Kysely<AppDatabase>;
  /** The key the mail outbox bodies are sealed with. */
  mailKey: Buffer;
  close(): Promise<void>;
}

type AppDatabase = DatabaseConnection["db"] extends Kysely<infer D> ? D : never;

export interface BenchApiOptions {
  /** Routes registered after the tunnel middleware: they take sealed requests only. */
  routes?: (app: AppRouter) => void;
  /** Where open tunnel sessions live (`memory` by default, as in one process). */
  sessionStore?: "memory" | "database";
  /** A PostgreSQL database (migrated here) instead of PGlite. */
  databaseUrl?: string;
  /** Kysely plugins on the app's connection (to see the queries it runs). */
  plugins?: readonly KyselyPlugin[];
  /** More configuration variables (`TRUSTED_PROXIES`, the tunnel's quotas, ...). */
  env?: Readonly<Record<string, string>>;
}

export async function createBenchApi(options: BenchApiOptions = {}): Promise<BenchApi> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-"));
  const silent = createLogger({ logLevel: "silent" });
  const database = await openDatabase(
    options.databaseUrl === undefined
      ? { pgliteDir: path.join(dataDir, "pglite"), logger: silent }
      : { databaseUrl: options.databaseUrl, logger: silent },
  );
  try {
    await migrateToLatest(database.db, silent);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      TUNNEL_SESSION_STORE: options.sessionStore ?? "memory",
      APP_CREDENTIALS: `${BENCH_APP_CREDENTIAL.accessKey}:${BENCH_APP_CREDENTIAL.secretKey}`,
      ...options.env,
    });
    const logger = createLogger(config, { write: () => undefined });
    const masterKey = randomBytes(32);
    const blobStore = new LocalEncryptedBlobStore({ directory: config.blobDir, masterKey });
    const tunnel = await createTunnel({ config, db: database.db, masterKey, logger });
    const db = (options.plugins ?? []).reduce(
      (withPlugins, plugin) => withPlugins.withPlugin(plugin),
      database.db,
    );
    const mailKey = deriveMailKey(masterKey);
    const app = createApp({
      config,
      logger,
      db,
      blobStore,
      isReady: () => true,
      // No job worker in the benchmark's app: its calls do not wait for jobs.
      jobsRunning: () => false,
      tunnel,
      sessionCredentialKey: deriveSessionCredentialKey(masterKey),
      linkKey: deriveLinkKey(masterKey),
      mailKey,
      activityKey: deriveActivityKey(masterKey),
      ssoKey: deriveSsoKey(masterKey),
      webhookKey: deriveWebhookKey(masterKey),
    });
    options.routes?.(app);
    return {
      app,
      tunnel,
      db: database.db,
      mailKey,
      async close() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
