import path from "node:path";
import { defineConfig } from "tsup";
import { writeReferenceValues } from "./src/tunnel/reference-values";

/**
 * The api's server bundle: `dist/server.js` for Node.js 22.13 and newer (it runs on 24 LTS). Workspace packages (`@paraphe/*`) are
 * bundled from their source through the `@paraphe/source` condition; other npm dependencies stay
 * external and load from node_modules at runtime (PGlite finds its WASM files there).
 *
 * After the bundle, the build writes the attestation reference values beside it
 * (`dist/reference-values.json`): the SHA-256 of `dist/server.js` and of the canonical
 * non-secret configuration of the environment the build runs in (see the README, "Attestation").
 */
export default defineConfig({
  // The document worker thread (page previews, sealing) is its own file beside server.js.
  entry: {
    server: "src/server.ts",
    "document-worker": "src/documents/document-worker.ts",
    // The operator command (README, "Billing"): `node dist/admin.js plans list`.
    admin: "src/admin.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node22",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  noExternal: [/^@paraphe\//],
  esbuildOptions(options) {
    options.conditions = ["@paraphe/source", "module"];
  },
  async onSuccess() {
    const values = await writeReferenceValues({
      bundleFile: path.resolve("dist/server.js"),
      env: process.env,
    });
    console.log(`reference values: ${JSON.stringify(values)}`);
  },
});
