import { availableParallelism } from "node:os";
import { defineVitestConfig } from "@paraphe/vitest-config";
import LongestFirstSequencer from "./src/test/sequencer";

export default defineVitestConfig(
  { name: "@paraphe/api", testTimeout: 30_000 },
  {
    test: {
      // Migrates one PGlite database into a template directory that each test file copies.
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
