import { defineVitestConfig } from "@paraphe/vitest-config";

// The core's tests run on Node. The React entry's tests (src/react/**/*.test.tsx) opt into jsdom
// with a `// @vitest-environment jsdom` comment; the jsdom set-up only acts in that environment.
export default defineVitestConfig({
  name: "@paraphe/attestation",
  setupFiles: ["./src/react/test/setup.ts"],
  jsdomSetup: true,
  shareModules: true,
});
