#!/usr/bin/env node
// `npm test`: install, then lint, typecheck, unit and integration tests, package checks, the size
// budgets and the browser tests in Debian's Chromium. Exits non-zero on the first failure.
import { chromiumPath, ensureSystemTools, mustRun, pnpmEnv, testSystemTools } from "./lib.mjs";

const started = Date.now();
const env = { ...pnpmEnv(), CI: process.env.CI ?? "1" };
mustRun("pnpm", ["install", "--frozen-lockfile"], { env });

// Every system tool a suite calls is installed now (one apt-get install), or the run stops here with
// one line naming what is missing, rather than failing suites minutes later.
const tools = process.env.PARAPHE_CHROMIUM
  ? testSystemTools.filter((t) => t.pkg !== "chromium")
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
mustRun(
  "pnpm",
  [
    "turbo",
    "run",
    "lint",
    "typecheck",
    "test",
    "build",
    "check:package",
    "--concurrency=2",
    "--output-logs=errors-only",
  ],
  { env },
);
// The same suites on Node.js 22 (every package's; the api's runtime-facing parts): `pnpm test:node22`
// runs the api's whole suite there too.
mustRun("node", ["tooling/scripts/node22.mjs", "--quick"], { env });
// Size budgets (tooling/size-budgets.json) on the builds just made: bytes, not time.
mustRun("node", ["tooling/scripts/check-size.mjs"], { env });
mustRun("pnpm", ["--filter", "@paraphe/e2e", "test:e2e"], { env });

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n✓ All checks passed in ${minutes} min.`);
