/**
 * The api as a child process, for the tests that run several of them on one database or kill and
 * restart one: a built `server.js` (what production runs; the test suite builds one, see
 * `global-setup.ts`), or the sources through tsx when no bundle is named. Not part of the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const API_DIR = path.join(import.meta.dirname, "..", "..");

export interface ApiProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** Its log lines (pino JSON), for a failure message. */
  log: string[];
}

export interface StartApiProcessOptions {
  /**
   * The built `server.js` to run (its `document-worker.js` beside it); by default
   * `src/server.ts` through tsx, which compiles the sources at every start.
   */
  serverFile?: string;
}

/** Starts the api with `env` added to this process's environment; resolves once it listens. */
export async function startApiProcess(
  name: string,
  env: Record<string, string>,
  options: StartApiProcessOptions = {},
): Promise<ApiProcess> {
  const args =
    options.serverFile === undefined
      ? ["--conditions=@paraphe/source", "--import", "tsx", "src/server.ts"]
      : [options.serverFile];
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      log.push(line);
      if (log.length > 2000) log.splice(0, 1000);
      if (!line.includes('"api listening"')) return;
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString("utf8")));
    void exited.then(() =>
      reject(new Error(`api ${name} exited before listening:\n${log.slice(-50).join("\n")}`)),
    );
  });
  return { name, url, child, exited, log };
}

/** Whether the process has ended. */
export function hasExited(api: ApiProcess): boolean {
  return api.child.exitCode !== null || api.child.signalCode !== null;
}

/** Asks the api to stop (SIGTERM) and waits for it to exit. */
export async function stopApiProcess(api: ApiProcess): Promise<void> {
  if (hasExited(api)) return;
  api.child.kill("SIGTERM");
  await api.exited;
}

/** Kills the api at once (SIGKILL: no shutdown of any kind) and waits for it to be gone. */
export async function killApiProcess(api: ApiProcess): Promise<void> {
  if (hasExited(api)) return;
  api.child.kill("SIGKILL");
  await api.exited;
}
