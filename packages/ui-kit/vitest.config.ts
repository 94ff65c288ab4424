import { defineVitestConfig } from "@paraphe/vitest-config";

export default defineVitestConfig({
  name: "@paraphe/ui-kit",
  environment: "jsdom",
  setupFiles: ["./src/test/setup.ts"],
  shareModules: true,
});
