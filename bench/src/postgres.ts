/**
 * A PostgreSQL server for the benchmarks that need one: `BENCH_DATABASE_URL` when it is set (a
 * server the benchmarks may create and drop databases on), else Debian's PostgreSQL started here on
 * a temporary directory and a free port (initdb and pg_ctl as the `postgres` user when this runs as
 * root, as `.ci/run` does), stopped at the end. Undefined when neither is available: the caller
 * falls back to PGlite and says so.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The newest `/usr/lib/postgresql/<version>/bin` with an initdb, or undefined. */
function debianPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : path.join(root, newest, "bin");
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as `postgres` when this process is root (initdb refuses root). */
function asPostgres(command: string, args: string[]): void {
  if (isRoot()) {
    const quoted = [command, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
    execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "ignore" });
  } else {
    execFileSync(command, args, { stdio: "ignore" });
  }
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
  const bin = debianPostgresBin();
  if (bin === undefined) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), "paraphe-bench-pg-"));
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    chownSync(dir, uid, uid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  log(`postgres: initdb and start ${bin} on 127.0.0.1:${port}`);
  try {
    asPostgres(path.join(bin, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "--no-instructions",
    ]);
    asPostgres(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
      "start",
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    log(`postgres: could not start Debian's PostgreSQL (${String(error)})`);
    return undefined;
  }
  const stop = async (): Promise<void> => {
    try {
      asPostgres(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "stop"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  try {
    return await serverAt(
      `postgres://postgres@127.0.0.1:${port}/postgres`,
      `Debian's PostgreSQL (${path.basename(path.dirname(bin))}), started for this run`,
      stop,
    );
  } catch (error) {
    await stop();
    throw error;
  }
}
