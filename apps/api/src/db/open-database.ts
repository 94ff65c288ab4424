import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import { KyselyPGlite } from "kysely-pglite";
import pg from "pg";
import type { Logger } from "../logger";
import type { Database } from "./database";
import { exclusiveDialect, Mutex } from "./exclusive-dialect";
import { queryTracing } from "../telemetry/database-tracing";

export interface DatabaseConnection {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  /**
   * Calls `onNotify` on every `NOTIFY` of `channel` (delivered when the notifying transaction
   * commits, never when it rolls back). Returns a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Closes the database; waits for the query in progress. */
  close(): Promise<void>;
}

export type OpenDatabaseOptions =
  | { databaseUrl: string; logger: Logger }
  /** The PGlite data directory; created when missing. */
  | { pgliteDir: string; logger: Logger };

/** Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseConnection> {
  return "databaseUrl" in options
    ? openPostgres(options.databaseUrl, options.logger)
    : openPglite(options.pgliteDir);
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const mutex = new Mutex();
  const db = new Kysely<Database>({
    dialect: exclusiveDialect(new KyselyPGlite(pglite).dialect, mutex),
    plugins: [new CamelCasePlugin()],
    ...queryTracing(),
  });
  return {
    db,
    kind: "pglite",
    async listen(channel, onNotify) {
      assertChannel(channel);
      // Under the mutex, so that LISTEN never lands inside someone else's open transaction.
      const unlisten = await mutex.run(() => pglite.listen(channel, () => onNotify()));
      return () => mutex.run(() => unlisten());
    },
    close: () => db.destroy(),
  };
}

async function openPostgres(connectionString: string, logger: Logger): Promise<DatabaseConnection> {
  // A server that does not answer makes calls fail (503) after the connection timeout, not hang.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server emits here; without a listener it would crash the process.
  pool.on("error", (error) =>
    logger.warn({ err: describeDbError(error) }, "idle database connection failed"),
  );
  // A client in use (checked out for a query or a transaction) that loses its server emits on
  // itself, where the pool's listener is not attached: the query in flight fails and answers 503,
  // the pool drops the broken client on release, and this listener keeps the event from crashing
  // the process (an unhandled 'error' event would: a PostgreSQL restart did exactly that).
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      logger.debug({ err: describeDbError(error) }, "database connection in use failed"),
    );
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    ...queryTracing(),
  });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    async listen(channel, onNotify) {
      assertChannel(channel);
      const stop = await listenWithReconnect(connectionString, channel, onNotify, logger);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await db.destroy();
    },
  };
}

/**
 * A dedicated connection that LISTENs on `channel`; when it fails it reconnects after a pause and
 * calls `onNotify` once, in case a notification was missed meanwhile.
 */
async function listenWithReconnect(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  logger: Logger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", (error) => {
      if (stopped) return;
      logger.warn(
        { err: describeDbError(error), channel },
        "notification listener failed; reconnecting",
      );
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = (): void => {
    client = undefined;
    if (stopped || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(onNotify, (error: unknown) => {
        logger.warn(
          { err: describeDbError(error), channel },
          "notification listener could not reconnect",
        );
        scheduleReconnect();
      });
    }, 2000);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** A database error for the log: its message and code, never the connection string. */
export function describeDbError(error: unknown): { message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { message: error.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return { message: String(error) };
}

/** Throws unless the database answers a trivial query (the readiness check). */
export async function pingDatabase({ db }: { db: Kysely<Database> }): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
