import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { leanPreloadsPlugin } from "./lean-preloads.js";

const roots = [];

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/**
 * An app whose entry imports `shared.js` statically and a page on demand; the page imports
 * `shared.js` and `widget.js`, which another page on demand imports too (a chunk of its own).
 */
async function appWithLazyPage() {
  const root = await mkdtemp(join(tmpdir(), "paraphe-lean-preloads-"));
  roots.push(root);
  const files = {
    "index.html": '<!doctype html><script type="module" src="/main.js"></script>',
    "main.js": [
      'import { shared } from "./shared.js";',
      "shared();",
      'document.body.onclick = () => { import("./page.js"); import("./other.js"); };',
    ].join("\n"),
    "shared.js": "export function shared() { document.title = 'shared ' + Math.random(); }\n",
    "widget.js": "export function widget() { return 'widget ' + Math.random(); }\n",
    "page.js": [
      'import { shared } from "./shared.js";',
      'import { widget } from "./widget.js";',
      "export const page = () => [shared(), widget()];",
    ].join("\n"),
    "other.js": 'import { widget } from "./widget.js";\nexport const other = () => widget();\n',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
  return root;
}

/** The file names of the entry's preload lists (`__vite__mapDeps`), and the entry's imports. */
async function entryPreloads(root, plugins) {
  await build({
    configFile: false,
    logLevel: "silent",
    root,
    plugins,
    build: {
      manifest: true,
      minify: false,
      // shared.js a chunk of its own, which the entry imports statically (an initial-load file).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: "shared", test: /shared\.js$/ }] } },
      },
    },
  });
  const manifest = JSON.parse(await readFile(join(root, "dist/.vite/manifest.json"), "utf8"));
  const entry = manifest["index.html"];
  const code = await readFile(join(root, "dist", entry.file), "utf8");
  const list = /m\.f=\[([^\]]*)\]/.exec(code)?.[1] ?? "";
  const listed = list
    .split(",")
    .filter(Boolean)
    .map((name) => JSON.parse(name));
  const chunk = (source) => `assets/${manifest[source].file.split("/").pop()}`;
  const initial = [entry.file, ...(entry.imports ?? []).map((key) => manifest[key].file)];
  return { listed, chunk, initial };
}

describe("leanPreloadsPlugin", () => {
  it("leaves the imported chunk and the initial load's files out of the preload lists, and keeps the others", async () => {
    const withPlugin = await entryPreloads(await appWithLazyPage(), [leanPreloadsPlugin()]);
    const widget = (await readdir(join(roots[0], "dist/assets"))).find((name) =>
      name.startsWith("widget-"),
    );
    expect(widget).toBeDefined();
    expect(withPlugin.listed).toEqual([`assets/${widget}`]);
    expect(withPlugin.listed).not.toContain(withPlugin.chunk("page.js"));
    for (const file of withPlugin.initial) expect(withPlugin.listed).not.toContain(file);

    // Without it, Vite lists the page's chunk itself and the shared chunk of the initial load too.
    const without = await entryPreloads(await appWithLazyPage(), []);
    expect(without.listed).toContain(without.chunk("page.js"));
    const shared = without.initial.find((file) => file.includes("shared-"));
    expect(shared).toBeDefined();
    expect(without.listed).toContain(shared);
  });
});
