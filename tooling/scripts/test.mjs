#!/usr/bin/env node
// `npm test`: install, then lint, typecheck, unit and integration tests, package checks and the
// browser tests in Debian's Chromium. Exits non-zero on the first failure.
import { ensureChromium, mustRun, pnpmEnv } from "./lib.mjs";

const started = Date.now();
const env = { ...pnpmEnv(), CI: process.env.CI ?? "1" };
mustRun("pnpm", ["install", "--frozen-lockfile"], { env });

const chromium = ensureChromium();
if (!chromium) {
  console.error(
    "No Chromium for the browser tests: install Debian's chromium package (apt-get install chromium) or set PARAPHE_CHROMIUM to a Chromium binary.",
  );
  process.exit(1);
}
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
mustRun("pnpm", ["--filter", "@paraphe/e2e", "test:e2e"], { env });

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n✓ All checks passed in ${minutes} min.`);
