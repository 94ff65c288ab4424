#!/usr/bin/env node
// `pnpm test:node22`: the unit and integration suites on Node.js 22 as well as the Node.js 20 the
// project is developed on. Node 22 comes from the npm registry (the `node` package, pinned below)
// into .cache/node22, so no system install is needed; it is put first on PATH for turbo's tasks.
// `--quick` (what `npm test` runs) runs the suites of the code that runs on Node.js: the published
// packages and the tooling, and the parts of the api's integration suite that touch the runtime most
// (the tunnel, the app, the runtime, HTTP). It leaves out the two apps' suites, whose code runs in
// the browser (their suites run on Node 20 in the same `npm test`). Without it, every suite runs,
// both apps' and the api's whole integration suite included.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { mustRun, pnpmEnv, root } from "./lib.mjs";

const NODE_22 = "22.23.3";
const quick = process.argv.includes("--quick");
const prefix = join(root, ".cache", "node22");
const bin = join(prefix, "node_modules", "node", "bin");

function installedVersion() {
  if (!existsSync(join(bin, "node"))) return null;
  return execFileSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).trim();
}

if (installedVersion() !== `v${NODE_22}`) {
  console.log(`Installing Node.js ${NODE_22} from the npm registry under .cache/node22 ...`);
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
      `node@${NODE_22}`,
    ],
    { stdio: "inherit", cwd: root },
  );
}

const env = pnpmEnv();
env.PATH = `${bin}${delimiter}${env.PATH ?? ""}`;
mustRun("node", ["--version"], { env });
// --force: turbo's cache does not know which Node ran a task, and a result of Node 20 proves
// nothing about Node 22.
const filters = quick
  ? [
      "--filter=!@paraphe/api",
      "--filter=!@paraphe/e2e",
      "--filter=!@paraphe/web",
      "--filter=!@paraphe/sign",
    ]
  : [];
mustRun(
  "pnpm",
  ["turbo", "run", "test", "--force", "--concurrency=2", "--output-logs=errors-only", ...filters],
  { env },
);
if (quick) {
  mustRun(
    "pnpm",
    [
      "--filter",
      "@paraphe/api",
      "exec",
      "vitest",
      "run",
      "src/tunnel",
      "src/app.test.ts",
      "src/runtime.test.ts",
      "src/http",
    ],
    { env },
  );
}
console.log(`\n✓ The suites passed on Node.js ${NODE_22}.`);
