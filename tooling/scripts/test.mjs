#!/usr/bin/env node
// `npm test`: on the pinned Node.js (.node-version; fetched from the npm registry into .cache/ when
// the system's is another), install, then lint, typecheck, unit and integration tests, package
// checks, the suites again on Node.js 22 (the oldest supported), the size budgets and the browser
// tests in Debian's Chromium. Exits non-zero on the first failure.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  chromiumPath,
  ensureSystemTools,
  mustRun,
  pnpmEnv,
  runInBackground,
  root,
  testSystemTools,
  usePinnedNode,
} from "./lib.mjs";

await usePinnedNode();
const started = Date.now();
console.log(`Node.js ${process.version}`);
const env = { ...pnpmEnv(), CI: process.env.CI ?? "1" };
mustRun("pnpm", ["install", "--frozen-lockfile"], { env });

// Every system tool a suite calls is installed now (one apt-get install), or the run stops here with
// one line naming what is missing, rather than failing suites minutes later.
const tools = process.env.PARAPHE_CHROMIUM
  ? testSystemTools.filter((t) => !t.pkg.startsWith("chromium"))
  : testSystemTools;
const missing = ensureSystemTools(tools);
if (missing.length > 0) {
  console.error(
    `The tests need these Debian packages, which are missing and could not be installed here: apt-get install ${missing.join(" ")}`,
  );
  process.exit(1);
}
const chromium = chromiumPath();
env.PARAPHE_CHROMIUM = chromium;

if (process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is set: the api integration suite also runs against PostgreSQL.");
}

mustRun("pnpm", ["exec", "prettier", "--check", "--log-level", "warn", "."], { env });
// The api's integration suite is the longest task by far (about 15 minutes, mostly waiting on
// PostgreSQL, SMTP, the document workers and child processes): it starts first, in the background,
// and every other task runs beside it one at a time, so that the machine carries the same load as
// when turbo ran two tasks at once, without the api suite starting minutes late.
const apiReport = join(root, ".cache", "test-logs", "api-test.json");
const apiSuite = runInBackground(
  "pnpm",
  [
    "--filter",
    "@paraphe/api",
    "exec",
    "vitest",
    "run",
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${apiReport}`,
  ],
  { env, logFile: join(root, ".cache", "test-logs", "api-test.log") },
);
const tasks = ["lint", "typecheck", "build", "check:package"];
mustRun(
  "pnpm",
  [
    "turbo",
    "run",
    ...tasks,
    "test",
    "--filter=!@paraphe/api",
    "--concurrency=1",
    "--output-logs=errors-only",
    "--summarize",
  ],
  { env },
);
printSlowestTasks();
mustRun(
  "pnpm",
  [
    "turbo",
    "run",
    ...tasks,
    "--filter=@paraphe/api",
    "--concurrency=1",
    "--output-logs=errors-only",
  ],
  { env },
);
// The same suites on Node.js 22 (every package's; the api's runtime-facing parts): `pnpm test:node22`
// runs the api's whole suite there too.
mustRun(process.execPath, ["tooling/scripts/node22.mjs", "--quick"], { env });
// Size budgets (tooling/size-budgets.json) on the builds just made: bytes, not time.
mustRun(process.execPath, ["tooling/scripts/check-size.mjs"], { env });
await apiSuite.finish();
printSlowestFiles(apiReport);
mustRun("pnpm", ["--filter", "@paraphe/e2e", "test:e2e"], { env });

/** The ten longest tasks of the turbo run just made (its `--summarize` file; the api suite runs apart), to see where CI's time goes. */
function printSlowestTasks() {
  const dir = join(root, ".turbo", "runs");
  let newest;
  try {
    newest = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => join(dir, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  } catch {
    return;
  }
  if (!newest) return;
  const summary = JSON.parse(readFileSync(newest, "utf8"));
  const tasks = (summary.tasks ?? [])
    .map((task) => ({
      id: task.taskId,
      seconds: ((task.execution?.endTime ?? 0) - (task.execution?.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log("\nLongest tasks:");
  for (const task of tasks) console.log(`  ${task.seconds.toFixed(0).padStart(5)} s  ${task.id}`);
}

/** The ten longest files of a vitest JSON report, to see where the api suite's time goes. */
function printSlowestFiles(report) {
  let results;
  try {
    results = JSON.parse(readFileSync(report, "utf8")).testResults ?? [];
  } catch {
    return;
  }
  const files = results
    .map((file) => ({
      name: file.name.slice(root.length + 1),
      seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log("\nLongest files of the api suite:");
  for (const file of files) console.log(`  ${file.seconds.toFixed(0).padStart(5)} s  ${file.name}`);
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n✓ All checks passed in ${minutes} min.`);
