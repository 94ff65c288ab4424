/**
 * A PostgreSQL server for the benchmarks that need one: `BENCH_DATABASE_URL` when it is set (a
 * server the benchmarks may create and drop databases on), else Debian's PostgreSQL started here on
 * a temporary directory and a free port (initdb and pg_ctl as the `postgres` user when this runs as
 * root, as `.ci/run` does), stopped at the end. Undefined when neither is available: the caller
 * falls back to PGlite and says so.
 */
import { startPrivatePostgres, type PrivatePostgres } from "@paraphe/api/testing";
import pg from "pg";

export interface BenchPostgres {
  /** What runs it: "BENCH_DATABASE_URL" or "Debian's PostgreSQL NN, started for this run". */
  source: string;
  /** The server's version string (`SHOW server_version`). */
  version: string;
  /** A fresh database `name` (dropped first if it exists); its connection string. */
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

function serverAt(baseUrl: string, source: string, stop: () => Promise<void>) {
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
  return admin(async (client) => {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    const postgres: BenchPostgres = {
      source,
      version: rows[0]?.server_version ?? "unknown",
      async createDatabase(name) {
        await admin(async (c) => {
          await c.query(`DROP DATABASE IF EXISTS ${quote(name)}`);
          await c.query(`CREATE DATABASE ${quote(name)}`);
        });
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        return url.toString();
      },
      async dropDatabase(name) {
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
      },
      stop,
    };
    return postgres;
  });
}

export async function startBenchPostgres(
  log: (line: string) => void,
): Promise<BenchPostgres | undefined> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given !== undefined && given !== "") {
    return serverAt(given, "BENCH_DATABASE_URL", async () => undefined);
  }
  let started: PrivatePostgres | undefined;
  try {
    started = await startPrivatePostgres();
  } catch (error) {
    log(`postgres: could not start Debian's PostgreSQL (${String(error)})`);
    return undefined;
  }
  if (started === undefined) return undefined;
  const server = started;
  log(`postgres: ${server.source} started on ${new URL(server.url).host}`);
  try {
    return await serverAt(server.url, `${server.source}, started for this run`, () =>
      server.stop(),
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
}
