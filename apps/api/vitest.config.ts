import { defineVitestConfig } from "@paraphe/vitest-config";

export default defineVitestConfig(
  { name: "@paraphe/api", testTimeout: 30_000 },
  {
    test: {
      // Migrates one PGlite database into a template directory that each test file copies.
      globalSetup: ["src/test/global-setup.ts"],
      hookTimeout: 60_000,
    },
  },
);
