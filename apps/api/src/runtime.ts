import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import { createApp } from "./app";
import { deriveSessionCredentialKey } from "./auth/session-credentials";
import { openBlobStore } from "./blob/open-blob-store";
import { loadMasterKey } from "./blob/master-key";
import {
  aesAvailable,
  describeConfig,
  servesDevMailbox,
  usesDevMailbox,
  type Config,
} from "./config";
import {
  closeDocumentWorkers,
  configureDocumentWorkers,
  documentWorkerOptions,
} from "./documents/worker-pool";
import { deriveActivityKey } from "./documents/audit-chain";
import { rekeyLegacyChains } from "./envelopes/activity";
import { signerAuthorityOf } from "./envelopes/signer-authority-of";
import { deriveLinkKey } from "./envelopes/access-links";
import { deriveMailKey } from "./mail/body-sealing";
import { openSmsProvider } from "./sms/open-provider";
import { deriveSsoKey } from "./sso/client-secret";
import { deriveWebhookKey } from "./webhooks/webhook-secret";
import { createJobWorker } from "./background-jobs";
import { migrateToLatest } from "./db/migrate";
import { openDatabase, type DatabaseConnection } from "./db/open-database";
import type { Logger } from "./logger";
import {
  createDevMailboxTransport,
  createSmtpTransport,
  type MailTransport,
} from "./mail/transport";
import { createTunnel, startTunnelSweeper } from "./tunnel/tunnel";
import { jobQueueSnapshot } from "./jobs/queue";
import { observeJobQueue } from "./telemetry/metrics";
import { startMetricsServer, type MetricsServer } from "./telemetry/metrics-server";
import { startTracing } from "./telemetry/tracing";

/** Jobs (mail, seals, passes) the api runs side by side. */
const JOB_CONCURRENCY = 4;

export interface RunningApi {
  /** The address it listens on (`http://host:port`). */
  url: string;
  port: number;
  /** The metrics address (`http://host:port/metrics`) when METRICS_PORT is set. */
  metricsUrl?: string;
  /**
   * Stops accepting connections, lets the job worker finish its job, a mail being sent
   * included (for at most `graceMs`), closes the database. Resolves when everything is closed.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export interface StartApiOptions {
  /**
   * The file the process runs from (`dist/server.js` when built, `src/server.ts` in development):
   * measured for the attestation evidence (`container_bundle`), and where the build's
   * `reference-values.json` is looked up (beside it).
   */
  entryFile?: string;
}

/**
 * Starts the api: prints the configuration, opens and migrates the database, starts the secure
 * tunnel and the job worker (which delivers mail too), then listens. Everything opened is closed
 * again if a later step fails.
 */
export async function startApi(
  config: Config,
  logger: Logger,
  options: StartApiOptions = {},
): Promise<RunningApi> {
  logger.info({ config: describeConfig(config) }, "configuration");
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: unknown) => logger.error({ err: error }, "clean-up failed"));
  };

  try {
    // Before the database opens, so that its queries are traced too.
    if (config.otlpEndpoint !== undefined) {
      const tracing = await startTracing({
        endpoint: config.otlpEndpoint,
        environment: config.nodeEnv,
      });
      cleanups.push(() => tracing.shutdown());
      logger.info({ endpoint: config.otlpEndpoint }, "traces exported over OTLP/HTTP");
    }
    await mkdir(config.dataDir, { recursive: true });
    const masterKey = await loadMasterKey(config);
    if (masterKey.source === "development-key-file") {
      logger.warn(
        { file: config.blobMasterKeyFile },
        "blob master key: development key file (set BLOB_MASTER_KEY in production)",
      );
    }
    const opened = await openBlobStore(config, masterKey.key);
    cleanups.push(async () => opened.close());
    const { blobStore } = opened;
    logger.info(
      config.s3 === undefined
        ? { blobStorage: "local", directory: config.blobDir }
        : { blobStorage: "s3", bucket: config.s3.bucket },
      "blob storage open",
    );

    const database: DatabaseConnection = await openDatabase(
      config.databaseUrl === undefined
        ? { pgliteDir: config.pgliteDir, logger }
        : { databaseUrl: config.databaseUrl, logger },
    );
    cleanups.push(() => database.close());
    logger.info({ database: database.kind }, "database open");
    await migrateToLatest(database.db, logger);
    // Chains recorded before they were keyed: checked, then re-keyed, before anything is served.
    await rekeyLegacyChains(database.db, deriveActivityKey(masterKey.key), logger);

    const mailKey = deriveMailKey(masterKey.key);
    const activityKey = deriveActivityKey(masterKey.key);
    const transport: MailTransport =
      config.smtpUrl !== undefined
        ? createSmtpTransport(config.smtpUrl)
        : createDevMailboxTransport(database.db, mailKey);
    cleanups.push(() => transport.close());
    const smsProvider = openSmsProvider(config, database.db, mailKey);

    const tunnel = await createTunnel({
      config,
      db: database.db,
      masterKey: masterKey.key,
      logger,
      ...(options.entryFile === undefined ? {} : { entryFile: options.entryFile }),
    });
    const stopSweeper = startTunnelSweeper(tunnel, logger);
    cleanups.push(async () => stopSweeper());
    logger.info(
      {
        store: tunnel.store.kind,
        platform: "none",
        measurements: tunnel.identity.measurements,
        referenceValues: tunnel.identity.referenceValuesFile ?? "(none: not running from a build)",
      },
      "secure tunnel ready (no hardware isolation on this server)",
    );

    const linkKey = deriveLinkKey(masterKey.key);
    const webhookKey = deriveWebhookKey(masterKey.key);
    configureDocumentWorkers(documentWorkerOptions(config));
    cleanups.push(() => closeDocumentWorkers());
    // The signer authority is read (or, in development, generated) now: a wrong passphrase
    // stops the start rather than the first advanced signature.
    if (aesAvailable(config)) {
      const authority = await signerAuthorityOf(config);
      logger.info(
        { source: authority.source, subject: authority.subject },
        "signer certification authority ready (advanced signatures available)",
      );
    } else {
      logger.info("no signer certification authority: advanced signatures (AES) are unavailable");
    }
    const jobs = createJobWorker({
      db: database.db,
      config,
      logger,
      blobStore,
      linkKey,
      mailKey,
      activityKey,
      now: tunnel.now,
      listen: database.listen,
      mailTransport: transport,
      ...(smsProvider === undefined ? {} : { smsProvider }),
      webhooks: { webhookKey },
      // A sign-in code's mail must not wait behind a seal or a deadline pass.
      concurrency: JOB_CONCURRENCY,
    });
    // The sweep hands back jobs a previous process left running (mail included), and seals
    // envelopes left unsealed.
    await jobs.start();
    cleanups.push(() => jobs.stop());

    const app = createApp({
      config,
      logger,
      db: database.db,
      blobStore,
      isReady: () => true,
      jobsRunning: () => jobs.running,
      tunnel,
      sessionCredentialKey: deriveSessionCredentialKey(masterKey.key),
      linkKey,
      mailKey,
      activityKey,
      ssoKey: deriveSsoKey(masterKey.key),
      webhookKey,
      wakeJobs: () => jobs.wake(),
    });
    let metrics: MetricsServer | undefined;
    if (config.metricsPort !== undefined) {
      const stopObserving = observeJobQueue(() => jobQueueSnapshot(database.db));
      cleanups.push(async () => stopObserving());
      metrics = await startMetricsServer({
        host: config.metricsHost,
        port: config.metricsPort,
        logger,
      });
      cleanups.push(() => metrics?.close() ?? Promise.resolve());
      logger.info({ url: metrics.url }, "metrics listening");
    }
    const server = await listen(app.fetch, config.host, config.port);
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
    logger.info({ url }, "api listening");
    if (servesDevMailbox(config))
      logger.info({ url: `${config.publicApiUrl}/dev/mailbox` }, "development mailbox");
    else if (usesDevMailbox(config))
      logger.warn(
        "mail is kept in the development mailbox, which is not served: set SMTP_URL, or DEV_MAILBOX=1 with a loopback API_HOST",
      );

    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      ...(metrics === undefined ? {} : { metricsUrl: metrics.url }),
      stop(options = {}) {
        stopping ??= (async () => {
          const graceMs = options.graceMs ?? 1500;
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const forceClose = setTimeout(() => server.closeAllConnections(), graceMs).unref();
          const workerStopped = await Promise.race([
            jobs.stop().then(() => true),
            new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
          ]);
          if (!workerStopped)
            logger.warn(
              "job worker still busy at shutdown; its jobs are taken over once their leases run out",
            );
          server.closeAllConnections();
          await closed;
          clearTimeout(forceClose);
          await cleanUp();
          logger.info("api stopped");
        })();
        return stopping;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }) as Server;
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${port} on ${hostname} is already in use: stop the other process or set API_PORT`,
              { cause: error },
            )
          : error,
      );
    };
    server.once("error", onError);
    server.once("listening", () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}
