import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { firstWavePreloadPlugin } from "./first-wave.js";
import { leanPreloadsPlugin } from "./lean-preloads.js";

const roots = [];

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/**
 * A small entry that asks for a page and for the app on demand; the app imports a large library
 * (`big.js`, a chunk of its own) and a small one (`small.js`), the page imports the small one too.
 */
async function appWithSmallEntry() {
  const root = await mkdtemp(join(tmpdir(), "paraphe-first-wave-"));
  roots.push(root);
  const big = `export const big = ${JSON.stringify("x".repeat(80 * 1024))} + Math.random();\n`;
  const files = {
    "index.html":
      '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>',
    "main.js": 'import("./page.js");\nimport("./app.js").then((app) => app.start());\n',
    "big.js": big,
    "small.js": "export const small = () => 'small ' + Math.random();\n",
    "app.js": [
      'import { big } from "./big.js";',
      'import { small } from "./small.js";',
      "export const start = () => { document.title = big + small(); };",
    ].join("\n"),
    "page.js": 'import { small } from "./small.js";\nexport const page = () => small();\n',
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
  return root;
}

async function buildApp(root, plugins) {
  await build({
    configFile: false,
    logLevel: "silent",
    root,
    plugins,
    build: {
      manifest: true,
      minify: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "big", test: /big\.js$/ },
              { name: "small", test: /small\.js$/ },
            ],
          },
        },
      },
    },
  });
  const manifest = JSON.parse(await readFile(join(root, "dist/.vite/manifest.json"), "utf8"));
  const html = await readFile(join(root, "dist/index.html"), "utf8");
  const entry = await readFile(join(root, "dist", manifest["index.html"].file), "utf8");
  const file = (source) => `/${manifest[source].file}`;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
  return { html, entry, file, preloads, manifest };
}

describe("firstWavePreloadPlugin", () => {
  it("preloads the named module's chunk and its static imports with the document, the large ones first", async () => {
    const { html, file, preloads, manifest } = await buildApp(await appWithSmallEntry(), [
      firstWavePreloadPlugin({ modules: ["app.js"] }),
    ]);
    const big = file(manifest["app.js"].imports.find((key) => key.includes("big")));
    const small = file(manifest["app.js"].imports.find((key) => key.includes("small")));
    expect(preloads).toEqual(expect.arrayContaining([file("app.js"), big, small]));
    // Not the page's chunk: the entry asks for the page by itself, and only this one's.
    expect(preloads).not.toContain(file("page.js"));
    // The large chunk at the top of <head>, before the entry's script; the small ones after it.
    const entryScript = html.indexOf('<script type="module"');
    expect(html.indexOf(big)).toBeLessThan(entryScript);
    expect(html.indexOf(html.match(new RegExp(`href="${small}"`))?.[0] ?? "")).toBeGreaterThan(
      entryScript,
    );
  });

  it("stops the build when a named module is not a chunk's", async () => {
    await expect(
      buildApp(await appWithSmallEntry(), [firstWavePreloadPlugin({ modules: ["nothing.js"] })]),
    ).rejects.toThrow(/no chunk of nothing\.js/);
  });

  it("with leanPreloadsPlugin, leaves the first wave's files out of the entry's preload lists", async () => {
    const root = await appWithSmallEntry();
    const without = await buildApp(root, [leanPreloadsPlugin()]);
    const small = without.file(without.manifest["page.js"].imports[0]).slice(1);
    expect(without.entry).toContain(`"${small}"`);
    const lean = await buildApp(root, [
      leanPreloadsPlugin({ firstWaveModules: ["app.js"] }),
      firstWavePreloadPlugin({ modules: ["app.js"] }),
    ]);
    const leanSmall = lean.file(lean.manifest["page.js"].imports[0]).slice(1);
    expect(lean.entry).not.toContain(`"${leanSmall}"`);
  });
});
