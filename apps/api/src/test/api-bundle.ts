/**
 * The api's production bundle (the build of `tsup.config.ts`: `server.js`, `document-worker.js`,
 * `admin.js` and the reference values), written to a directory of the caller's choosing, for the
 * tests that run the api as a child process. Not part of the server.
 */
import path from "node:path";
import { build, type Options } from "tsup";
import tsupConfig from "../../tsup.config";
import { writeReferenceValues } from "../tunnel/reference-values";

const API_DIR = path.join(import.meta.dirname, "..", "..");

/** Builds the api into `outDir` (which must resolve the api's node_modules: the npm dependencies stay external). */
export async function buildTestBundle(outDir: string): Promise<void> {
  const options = tsupConfig as Options;
  const entry = Object.fromEntries(
    Object.entries(options.entry as Record<string, string>).map(([name, file]) => [
      name,
      path.join(API_DIR, file),
    ]),
  );
  await build({
    ...options,
    config: false,
    entry,
    outDir,
    tsconfig: path.join(API_DIR, "tsconfig.json"),
    silent: true,
    // Source maps are for people reading production stacks; the tests read the logs.
    sourcemap: false,
    async onSuccess() {
      await writeReferenceValues({ bundleFile: path.join(outDir, "server.js"), env: process.env });
    },
  });
}
