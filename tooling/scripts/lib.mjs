// Helpers shared by the start and test commands: run on the pinned Node.js, find or install the
// pinned pnpm without corepack or a global pnpm, run commands, and find a browser for the browser
// tests.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split(
  "@",
)[1];

/** The Node.js the product runs on (an LTS line), pinned in `.node-version`. */
export const pinnedNode = readFileSync(join(root, ".node-version"), "utf8").trim();

/** Installs one npm package (`name@version`) under `prefix`, outside the workspace, quietly. */
function installUnderCache(prefix, spec) {
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      spec,
    ],
    { stdio: "inherit", cwd: root },
  );
}

/**
 * The `bin` folder of Node.js `version`, installed from the npm registry (the `node` package, which
 * fetches the official build for this platform) under `.cache/<folder>` unless it is there already.
 */
export function installNode(version, folder) {
  const prefix = join(root, ".cache", folder);
  const bin = join(prefix, "node_modules", "node", "bin");
  const installed = existsSync(join(bin, "node"))
    ? spawnSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim()
    : null;
  if (installed !== `v${version}`) {
    console.log(`Installing Node.js ${version} from the npm registry under .cache/${folder} ...`);
    installUnderCache(prefix, `node@${version}`);
  }
  return bin;
}

/**
 * A copy of `env` whose `node` (for every child process, pnpm, turbo and their scripts) is Node.js
 * `version` in `bin`. PARAPHE_NODE names it: turbo hashes it (globalEnv), so that a task's cached
 * result on one Node.js is not taken for a run on another.
 */
export function envWithNode(bin, version, env = process.env) {
  const node = join(bin, "node");
  return {
    ...env,
    PATH: `${bin}${delimiter}${env.PATH ?? ""}`,
    PARAPHE_NODE: version,
    // npm sets these to the Node.js that started it; tools that read them must find the same one.
    NODE: node,
    npm_node_execpath: node,
  };
}

/**
 * Makes the calling script run on the pinned Node.js. On it already, this returns at once. On any
 * other Node.js (the system's 20 of the development and CI machines), it installs the pinned one
 * (see {@link installNode}), starts the same script with the same arguments on it, with its `bin`
 * first on PATH so that every command the script starts uses it too, passes on SIGINT and SIGTERM,
 * and exits with the script's exit code: it never returns then.
 */
export async function usePinnedNode() {
  if (process.version === `v${pinnedNode}`) {
    process.env.PARAPHE_NODE = pinnedNode;
    return;
  }
  if (process.env.PARAPHE_NODE === pinnedNode) {
    throw new Error(
      `Expected Node.js ${pinnedNode} after switching to it, found ${process.version}.`,
    );
  }
  const bin = installNode(pinnedNode, `node${pinnedNode.split(".")[0]}`);
  console.log(`Running on Node.js ${pinnedNode} (this system's is ${process.version}).`);
  const env = envWithNode(bin, pinnedNode);
  const child = spawn(join(bin, "node"), [...process.execArgv, ...process.argv.slice(1)], {
    env,
    stdio: "inherit",
  });
  const forward = (signal) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGINT", forward("SIGINT"));
  process.on("SIGTERM", forward("SIGTERM"));
  const code = await new Promise((resolveExit, rejectExit) => {
    child.once("error", rejectExit);
    child.once("exit", (exitCode, signal) => resolveExit(exitCode ?? (signal ? 1 : 0)));
  });
  process.exit(code);
}

function pnpmVersion(bin, env) {
  const result = spawnSync(bin, ["--version"], { env, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * An environment whose PATH starts with the pinned pnpm: the one already on PATH when it is the
 * pinned version, otherwise a copy installed with npm under `.cache/pnpm`.
 */
export function pnpmEnv() {
  const env = { ...process.env };
  if (pnpmVersion("pnpm", env) === pinned) return env;
  const prefix = join(root, ".cache", "pnpm");
  const bin = join(prefix, "node_modules", ".bin");
  env.PATH = `${bin}${delimiter}${env.PATH ?? ""}`;
  if (pnpmVersion(join(bin, "pnpm"), env) !== pinned) {
    console.log(`Installing pnpm ${pinned} (pinned in package.json) under .cache/pnpm ...`);
    installUnderCache(prefix, `pnpm@${pinned}`);
  }
  return env;
}

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(cmd, args, { env, cwd = root } = {}) {
  console.log(`\n$ ${[cmd, ...args].join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env, cwd });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs a command and exits the process when it fails. */
export function mustRun(cmd, args, options) {
  const started = Date.now();
  const code = run(cmd, args, options);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(" ")} failed (exit code ${code}) after ${seconds} s.`);
    process.exit(code);
  }
  console.log(`(${seconds} s)`);
}

/**
 * Starts a command in the background, in its own process group, its output written to `logFile`
 * (a pipe nobody reads while a synchronous command runs would fill up and stall it). `finish()`
 * waits for it, prints its output and exits the process when it failed; the command is stopped if
 * this process exits first.
 */
export function runInBackground(cmd, args, { env, cwd = root, logFile }) {
  console.log(`\n$ ${[cmd, ...args].join(" ")} (in the background: ${relative(root, logFile)})`);
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, "w");
  const started = Date.now();
  const child = spawn(cmd, args, { env, cwd, stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  const exited = new Promise((resolveExit) => {
    child.once("exit", (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.once("exit", stop);
  return {
    async finish() {
      const code = await exited;
      process.off("exit", stop);
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n$ ${[cmd, ...args].join(" ")} (ran in the background):`);
      process.stdout.write(readFileSync(logFile, "utf8"));
      if (code !== 0) {
        console.error(
          `\n✗ ${[cmd, ...args].join(" ")} failed (exit code ${code}) after ${seconds} s.`,
        );
        process.exit(code);
      }
      console.log(`(${seconds} s)`);
    },
  };
}

/** Starts a long-running child in its own process group so that it can be stopped with its children. */
export function startChild(name, cmd, args, { env, cwd = root } = {}) {
  const child = spawn(cmd, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const prefix = `[${name}]`;
  const forward = (stream, out) => {
    let buffer = "";
    stream.on("data", (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) out.write(`${prefix} ${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

/** Stops a child started with {@link startChild} and everything it started. */
export function stopChild(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveStop();
    });
    try {
      process.kill(-child.pid, signal);
    } catch {
      clearTimeout(timer);
      resolveStop();
    }
  });
}

/** Waits until `url` answers with a 2xx status. */
export async function waitForUrl(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const chromiumCandidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
// Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
// headless tests in): the browser suite's pages cost the two cores about a tenth less CPU in it
// than in the full browser started headless. The benchmarks keep the full browser.
const headlessShell = "/usr/bin/chromium-headless-shell";

/**
 * The `initdb` of each PostgreSQL version that Debian's packages installed
 * (`/usr/lib/postgresql/<version>/bin`).
 */
function postgresqlInitdbs() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return [];
  return readdirSync(base).map((version) => `${base}/${version}/bin/initdb`);
}

/**
 * The system tools the test suites call, each with the Debian package that provides it. A tool is
 * found when one of its commands is on PATH (or, for fonts, one of its files exists).
 */
export const testSystemTools = [
  { what: "Chromium (benchmarks)", pkg: "chromium", files: chromiumCandidates },
  {
    what: "Chromium's headless shell (browser tests)",
    pkg: "chromium-headless-shell",
    files: [headlessShell],
  },
  {
    what: "pdfsig, pdftoppm, pdftotext, pdffonts",
    pkg: "poppler-utils",
    commands: ["pdfsig", "pdftoppm", "pdftotext", "pdffonts"],
  },
  { what: "qpdf", pkg: "qpdf", commands: ["qpdf"] },
  {
    what: "certutil (trust a test certificate in pdfsig)",
    pkg: "libnss3-tools",
    commands: ["certutil"],
  },
  {
    what: "openssl (test certificates, timestamp authority)",
    pkg: "openssl",
    commands: ["openssl"],
  },
  {
    what: "nginx (the production setup's browser test)",
    pkg: "nginx-light",
    files: ["/usr/sbin/nginx"],
  },
  {
    what: "PostgreSQL (the production setup's browser test starts a throw-away server)",
    pkg: "postgresql",
    // Looked for again after an install, which adds the version's folder.
    get files() {
      return postgresqlInitdbs();
    },
  },
  {
    what: "fonts for the browser's pages and screenshots",
    pkg: "fonts-dejavu-core",
    files: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
  },
];

function onPath(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function present(tool) {
  if (tool.commands && !tool.commands.every(onPath)) return false;
  if (tool.files && !tool.files.some((f) => existsSync(f))) return false;
  return true;
}

/**
 * Makes sure every tool in `tools` is present: missing ones are installed with one `apt-get
 * install` when this user can install packages. Returns the Debian packages still missing
 * (empty when all is there).
 */
export function ensureSystemTools(tools) {
  const missing = () => [...new Set(tools.filter((t) => !present(t)).map((t) => t.pkg))];
  const before = missing();
  if (before.length === 0) return [];
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = onPath("apt-get");
  if (isRoot && hasApt) {
    console.log(`Installing the system packages the tests call: ${before.join(" ")} ...`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update", "-qq"], { env: aptEnv });
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...before], { env: aptEnv });
  }
  return missing();
}

/** The Chromium binary for the browser tests: PARAPHE_CHROMIUM or Debian's headless shell. */
export function chromiumPath() {
  if (process.env.PARAPHE_CHROMIUM) return process.env.PARAPHE_CHROMIUM;
  return [headlessShell, ...chromiumCandidates].find((c) => existsSync(c)) ?? null;
}
