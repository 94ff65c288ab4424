import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { createApp } from "../app";
import type { AppRouter } from "../http/context";
import { deriveSessionCredentialKey } from "../auth/session-credentials";
import type { BlobStore } from "../blob/blob-store";
import { openBlobStore } from "../blob/open-blob-store";
import { loadConfig, type Config } from "../config";
import { deriveActivityKey } from "../documents/audit-chain";
import { configureDocumentWorkers, documentWorkerOptions } from "../documents/worker-pool";
import { deriveLinkKey } from "../envelopes/access-links";
import { deriveMailKey } from "../mail/body-sealing";
import { deriveSsoKey } from "../sso/client-secret";
import { deriveWebhookKey } from "../webhooks/webhook-secret";
import { createJobWorker } from "../background-jobs";
import type { JobWorker } from "../jobs/job-worker";
import type { Database } from "../db/database";
import { createLogger, type Logger } from "../logger";
import type { VerifyRequestSignature } from "../tunnel/tunnelled-request";
import { createTunnel, type Tunnel } from "../tunnel/tunnel";

/** Log lines written during a test, parsed. */
export type LogLine = Record<string, unknown>;

export interface TestApp {
  app: AppRouter;
  config: Config;
  logs: LogLine[];
  logger: Logger;
  /** The secure tunnel of the app (its session store, identity, clock). */
  tunnel: Tunnel;
  /** The key session credentials derive from (to mint credentials in tests). */
  sessionCredentialKey: Buffer;
  /** The key access-link secrets derive from. */
  linkKey: Buffer;
  /** The app's blob store. */
  blobStore: BlobStore;
  /** The key mail bodies are sealed with (open them with `openMailBody`, or read `outboxMails`). */
  mailKey: Buffer;
  activityKey: Buffer;
  /** The key single sign-on client secrets are sealed with. */
  ssoKey: Buffer;
  /** The key webhook endpoint secrets are sealed with. */
  webhookKey: Buffer;
  /**
   * A job worker over the app's database, not started: tests run it with `runUntilIdle()`. It has
   * no mail transport, so it leaves the `send-mail` jobs alone: tests read mail in the outbox.
   * It delivers webhooks (local receivers allowed, as outside production).
   */
  jobs: JobWorker;
  /** Flips the readiness that `/health` reports. */
  setReady(ready: boolean): void;
  /** What `/ready` is told of the job worker (the tests run jobs themselves). */
  setJobsRunning(running: boolean): void;
  destroy(): Promise<void>;
}

export interface TestAppOptions {
  /** The clock of tunnel session lifetimes. */
  now?: () => number;
  /** Test-only routes, registered after the tunnel middleware: they take sealed requests only. */
  routes?: (app: AppRouter) => void;
  /** The request-signature check; the real one by default, `null` for tests of tunnel mechanics. */
  verifyRequestSignature?: VerifyRequestSignature | null;
  /** Measured as container_bundle; reference values are looked up beside it. */
  entryFile?: string;
  referenceValuesFile?: string;
  /** The blob master key (replicas of one deployment share it); random by default. */
  masterKey?: Buffer;
}

/**
 * The real app over a test database, with a configuration read from `env` (on top of test
 * defaults) and a logger whose lines are kept in `logs`.
 */
export async function createTestApp(
  db: Kysely<Database>,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "paraphe-api-app-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "info", ...env });
  const logs: LogLine[] = [];
  const logger = createLogger(config, {
    write: (line: string) => void logs.push(JSON.parse(line) as LogLine),
  });
  const masterKey = options.masterKey ?? randomBytes(32);
  // BLOB_STORAGE=s3 in `env` puts the files in that bucket (a test S3 server: `startTestS3`).
  const { blobStore, close: closeBlobStore } = await openBlobStore(config, masterKey);
  const tunnel = await createTunnel({
    config,
    db,
    masterKey,
    logger,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.verifyRequestSignature === undefined
      ? {}
      : { verifyRequestSignature: options.verifyRequestSignature }),
    ...(options.entryFile === undefined ? {} : { entryFile: options.entryFile }),
    ...(options.referenceValuesFile === undefined
      ? {}
      : { referenceValuesFile: options.referenceValuesFile }),
  });
  let ready = true;
  let jobsRunning = true;
  const sessionCredentialKey = deriveSessionCredentialKey(masterKey);
  const linkKey = deriveLinkKey(masterKey);
  configureDocumentWorkers(documentWorkerOptions(config));
  const mailKey = deriveMailKey(masterKey);
  const activityKey = deriveActivityKey(masterKey);
  const ssoKey = deriveSsoKey(masterKey);
  const webhookKey = deriveWebhookKey(masterKey);
  const jobs = createJobWorker({
    db,
    config,
    logger,
    blobStore,
    linkKey,
    mailKey,
    activityKey,
    now: tunnel.now,
    webhooks: { webhookKey },
  });
  const app = createApp({
    config,
    logger,
    db,
    blobStore,
    isReady: () => ready,
    jobsRunning: () => jobsRunning,
    tunnel,
    sessionCredentialKey,
    linkKey,
    mailKey,
    activityKey,
    ssoKey,
    webhookKey,
  });
  options.routes?.(app);
  return {
    app,
    config,
    logs,
    logger,
    tunnel,
    sessionCredentialKey,
    linkKey,
    blobStore,
    mailKey,
    activityKey,
    ssoKey,
    webhookKey,
    jobs,
    setReady(value) {
      ready = value;
    },
    setJobsRunning(value) {
      jobsRunning = value;
    },
    destroy: async () => {
      closeBlobStore();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
