import { defineVitestConfig } from "@paraphe/vitest-config";

export default defineVitestConfig({ name: "@paraphe/embed", environment: "jsdom" });
