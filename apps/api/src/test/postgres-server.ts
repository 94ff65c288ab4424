/**
 * A private PostgreSQL server: Debian's (the newest `/usr/lib/postgresql/<version>/bin`), on a
 * temporary directory and a free port of 127.0.0.1, run as the `postgres` user when this process is
 * root (initdb refuses root), as `.ci/run` does. For the tests that restart their server and for the
 * benchmarks. Not part of the server.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PrivatePostgres {
  /** The connection string of its `postgres` database (trust authentication, user `postgres`). */
  url: string;
  /** Which PostgreSQL: "Debian's PostgreSQL (15)". */
  source: string;
  /** Stops the server at once (`pg_ctl -m fast`: open connections are cut); resolves once down. */
  halt(): Promise<void>;
  /** Starts the halted server again; resolves once it accepts connections. */
  resume(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin` with an initdb, or undefined. */
export function debianPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : path.join(root, newest, "bin");
}

export function freePort(): Promise<number> {
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

const isRoot = (): boolean => process.getuid?.() === 0;

/** The command that runs a PostgreSQL tool, as `postgres` when this process is root. */
function asPostgresCommand(command: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [command, args];
  const quoted = [command, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  return ["su", ["postgres", "-s", "/bin/sh", "-c", quoted]];
}

/** Runs a PostgreSQL tool and resolves when it has finished; the event loop keeps running. */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const [file, fileArgs] = asPostgresCommand(command, args);
  // No pipes: the server that `pg_ctl start` leaves running must not hold one open.
  const child = spawn(file, fileArgs, { stdio: "ignore" });
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}`)),
    );
  });
}

/**
 * Starts Debian's PostgreSQL on a new directory and a free port (fsync off: data that a test or a
 * benchmark throws away). Undefined when Debian's PostgreSQL is not installed; throws when it is
 * but does not start.
 */
export async function startPrivatePostgres(
  options: { maxConnections?: number } = {},
): Promise<PrivatePostgres | undefined> {
  const bin = debianPostgresBin();
  if (bin === undefined) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), "paraphe-pg-"));
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    chownSync(dir, uid, uid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  const pgCtl = path.join(bin, "pg_ctl");
  const serverOptions = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    "-c fsync=off -c synchronous_commit=off",
    `-c max_connections=${options.maxConnections ?? 200}`,
  ].join(" ");
  const start = (): Promise<void> =>
    asPostgres(pgCtl, [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-o",
      serverOptions,
      "start",
    ]);
  try {
    await asPostgres(path.join(bin, "initdb"), [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "--no-instructions",
    ]);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: `Debian's PostgreSQL (${path.basename(path.dirname(bin))})`,
    halt: () => asPostgres(pgCtl, ["-D", data, "-m", "fast", "-w", "stop"]),
    resume: start,
    async stop() {
      try {
        // Already stopped (halted and not resumed) is fine.
        await asPostgres(pgCtl, ["-D", data, "-m", "fast", "stop"]).catch(() => undefined);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
