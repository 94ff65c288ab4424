import { availableParallelism } from "node:os";
import { defineVitestConfig } from "@paraphe/vitest-config";
import LongestFirstSequencer from "./src/test/sequencer";

export default defineVitestConfig(
  // The test files of a worker share one module cache (vitest's `isolate: false`): importing the
  // app (Hono, Kysely, PGlite, pdf.js, the AWS SDK...) again for each file was half of the suite's
  // CPU time (measured on 20 files: 200 s of CPU isolated, 94 s shared). Each file still gets its
  // own databases, app and keys; module state is caches keyed by their inputs and the shared
  // document workers, which each app configures. A file that replaces modules (`vi.mock`) would
  // run isolated in a project of its own (see the preset).
  { name: "@paraphe/api", testTimeout: 30_000, shareModules: true },
  {
    test: {
      // Migrates one PGlite directory and (with TEST_DATABASE_URL) one PostgreSQL database, the
      // templates each test file's databases are copied from.
      globalSetup: ["src/test/global-setup.ts"],
      hookTimeout: 60_000,
      // Two test files at a time at least: most of a file's time is spent waiting (on PostgreSQL,
      // SMTP, the document workers, child processes), and vitest's default on a 2-core machine
      // (cores - 1) would run this suite, the longest task of the test command, one file at a time.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // The longest files start first (a fresh clone has no timings of a previous run).
      sequence: { sequencer: LongestFirstSequencer },
    },
  },
);
