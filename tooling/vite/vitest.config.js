import { defineVitestConfig } from "@paraphe/vitest-config";

export default defineVitestConfig({ name: "@paraphe/vite-config", include: ["*.test.js"] });
