import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, createServer } from "vite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceValuesPlugin } from "./reference-values.js";

const VALUES = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
const roots = [];

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** A one-page app that shows what the build pinned; `env` is its `.env.production`. */
async function app({ values, env = "" } = {}) {
  const root = await mkdtemp(join(tmpdir(), "paraphe-reference-values-"));
  roots.push(root);
  await writeFile(
    join(root, "index.html"),
    '<!doctype html><script type="module" src="/main.js"></script>',
  );
  await writeFile(
    join(root, "main.js"),
    "document.title = String(import.meta.env.PARAPHE_REFERENCE_VALUES);\n",
  );
  await writeFile(join(root, ".env.production"), env);
  if (values !== undefined) {
    await writeFile(
      join(root, "reference-values.json"),
      typeof values === "string" ? values : JSON.stringify(values),
    );
  }
  return root;
}

async function builtScript(root) {
  const assets = join(root, "dist/assets");
  const [file] = (await readdir(assets)).filter((name) => name.endsWith(".js"));
  return readFile(join(assets, file), "utf8");
}

const quiet = { configFile: false, logLevel: "silent" };
const plugin = () => referenceValuesPlugin({ file: "reference-values.json" });

describe("referenceValuesPlugin", () => {
  it("pins the api build's reference values into the app", async () => {
    const root = await app({ values: VALUES });
    await build({ ...quiet, root, plugins: [plugin()] });
    const script = await builtScript(root);
    expect(script).toContain(JSON.stringify(VALUES));
    expect(script).not.toContain("fetch-from-server");
  });

  it("stops the build with a clear message when the api's build output is missing", async () => {
    const root = await app();
    await expect(build({ ...quiet, root, plugins: [plugin()] })).rejects.toThrow(
      /attestation reference values are missing: .*reference-values\.json does not exist\. .*build the api first.*VITE_DEV_FETCH_REFERENCE_VALUES=1/,
    );
  });

  it("stops the build when the values are malformed", async () => {
    for (const values of [
      "not json",
      "[]",
      "{}",
      { container_bundle: "ab12" },
      { "A-B": "a".repeat(64) },
    ]) {
      const root = await app({ values });
      await expect(build({ ...quiet, root, plugins: [plugin()] })).rejects.toThrow(
        /reference values in .* are malformed/,
      );
    }
  });

  it("fetches them at run time only when VITE_DEV_FETCH_REFERENCE_VALUES says so, and warns", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const root = await app({ env: "VITE_DEV_FETCH_REFERENCE_VALUES=1\n" });
    await build({ ...quiet, root, plugins: [plugin()] });
    expect(await builtScript(root)).toContain("fetch-from-server");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/verifies nothing/));
  });

  it("refuses a development option it cannot read", async () => {
    const root = await app({ values: VALUES, env: "VITE_DEV_FETCH_REFERENCE_VALUES=yes\n" });
    await expect(build({ ...quiet, root, plugins: [plugin()] })).rejects.toThrow(
      /VITE_DEV_FETCH_REFERENCE_VALUES must be/,
    );
  });
});

describe("referenceValuesPlugin in the dev server", () => {
  it("serves the same pinned values to the app's modules", async () => {
    const root = await app({ values: VALUES });
    const server = await createServer({
      ...quiet,
      root,
      plugins: [plugin()],
      server: { middlewareMode: true, ws: false },
    });
    try {
      const module = await server.transformRequest("/main.js");
      expect(module?.code).toContain(JSON.stringify(JSON.stringify(VALUES)));
    } finally {
      await server.close();
    }
  });
});
