import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";

const JSDOM_SETUP = fileURLToPath(new URL("./jsdom-setup.js", import.meta.url));

/**
 * The transformed modules are kept on disk between runs (in the workspace's
 * `node_modules/.experimental-vitest-cache`), keyed by each file's content, its id and the
 * configuration, and dropped when the lockfile changes: a run transforms only the files changed
 * since the last one. The transform (TypeScript, JSX) was a tenth of a client suite's time. Set
 * on every project and on the root of a two-project configuration, which is where vitest reads it.
 */
const FS_MODULE_CACHE = { fsModuleCache: true };

/** A test file that replaces modules (`vi.mock`, `vi.doMock`, `vi.resetModules`) needs a module cache of its own. */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;
const TEST_FILE = /\.test\.tsx?$/;

/** @param {string} directory @returns {string[]} */
function testFilesUnder(directory) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...testFilesUnder(path));
    else if (TEST_FILE.test(entry.name)) files.push(path);
  }
  return files;
}

/**
 * The test files under `src/` of the package in `root` that replace modules, relative to it.
 * @param {string} root
 */
function filesReplacingModules(root) {
  let files;
  try {
    files = testFilesUnder(join(root, "src"));
  } catch {
    return [];
  }
  return files
    .filter((file) => REPLACES_MODULES.test(readFileSync(file, "utf8")))
    .map((file) => relative(root, file).split("\\").join("/"))
    .sort();
}

/**
 * The shared vitest preset. Each package calls it from its own `vitest.config.ts`, named after the
 * package, so that `pnpm --filter <name> test` runs that package alone. Sibling packages are read
 * from source through the `@paraphe/source` condition.
 *
 * A jsdom package (or one whose files opt into jsdom, with `jsdomSetup: true`) gets the workspace's
 * jsdom set-up (`./jsdom-setup.js`) as its first set-up file, run before every test file.
 *
 * `shareModules: true` runs the test files one after another in the same worker, on one jsdom
 * window and one module cache (vitest's `isolate: false`): React, radix-ui, i18next and the app are
 * imported and the environment built once per worker instead of once per file, which is most of a
 * client suite's time. The set-up files still run before each file and the jsdom set-up empties the
 * DOM and storage after each test. A test file that replaces modules (`vi.mock`...) cannot share a
 * cache whose modules already hold the real ones: such files are found by their text and run
 * isolated, in a second project named `<name> (isolated)`.
 *
 * @param {{ name: string; environment?: "node" | "jsdom"; setupFiles?: string[]; testTimeout?: number; include?: string[]; typecheck?: boolean; jsdomSetup?: boolean; shareModules?: boolean }} options
 * @param {import("vitest/config").UserConfig} [extra]
 */
export function defineVitestConfig(options, extra = {}) {
  const environment = options.environment ?? "node";
  const include = options.include ?? ["src/**/*.test.{ts,tsx}"];
  /** @param {import("vitest/config").UserConfig["test"]} test */
  const config = (test) =>
    mergeConfig(
      defineConfig({
        resolve: { conditions: ["@paraphe/source"] },
        ssr: { resolve: { conditions: ["@paraphe/source"] } },
        test: {
          name: options.name,
          environment,
          setupFiles: [
            ...((options.jsdomSetup ?? environment === "jsdom") ? [JSDOM_SETUP] : []),
            ...(options.setupFiles ?? []),
          ],
          include,
          typecheck: { enabled: options.typecheck ?? false, include: ["src/**/*.test-d.ts"] },
          // A test that drives a page in jsdom (typing, dialogs, lazy routes) may take several
          // seconds on a busy two-core machine, where the test command runs beside the api suite:
          // twice the margin there. A failing expectation still fails at its own wait (a second).
          testTimeout: options.testTimeout ?? (environment === "jsdom" ? 20_000 : 10_000),
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
          experimental: FS_MODULE_CACHE,
          ...test,
        },
      }),
      extra,
    );
  if (!options.shareModules) return config({});
  const isolatedFiles = filesReplacingModules(extra.root ?? process.cwd());
  if (isolatedFiles.length === 0) return config({ isolate: false });
  // Two projects, each a whole configuration (an `extends: true` project would add its `include`
  // to the root's and run every file twice).
  return {
    test: {
      experimental: FS_MODULE_CACHE,
      projects: [
        config({ isolate: false, exclude: [...configDefaults.exclude, ...isolatedFiles] }),
        config({ name: `${options.name} (isolated)`, include: isolatedFiles, isolate: true }),
      ],
    },
  };
}
