import { defineConfig } from "tsup";

/**
 * The api's server bundle: `dist/server.js` for Node 20. Workspace packages (`@paraphe/*`) are
 * bundled from their source through the `@paraphe/source` condition; other npm dependencies stay
 * external and load from node_modules at runtime (PGlite finds its WASM files there).
 */
export default defineConfig({
  entry: { server: "src/server.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  noExternal: [/^@paraphe\//],
  esbuildOptions(options) {
    options.conditions = ["@paraphe/source", "module"];
  },
});
