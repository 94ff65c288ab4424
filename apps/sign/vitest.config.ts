import { defineVitestConfig } from "@paraphe/vitest-config";

export default defineVitestConfig({
  name: "@paraphe/sign",
  environment: "jsdom",
  setupFiles: ["./src/test/setup.ts"],
  shareModules: true,
});
