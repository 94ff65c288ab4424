#!/usr/bin/env node
// Size budgets (tooling/size-budgets.json), checked with size-limit on the production builds, in
// gzip bytes (1 KB = 1,024 bytes):
// - each app's initial load: the scripts its index.html loads before the app runs (the entry, its
//   modulepreloads, the classic chunk-load guard) with the chunks they import statically, read
//   from the build's manifest (dist/.vite/manifest.json);
// - each chunk group the web app loads on demand (each lazy route, the usage charts, a language's
//   texts): the chunk with the chunks it imports statically, less those of the initial load, of
//   the groups the app asks for as it starts on every page (`loadedAtStart`: its api client), which
//   are measured on their own, and of the chunks that every chunk asking for it imports statically
//   (a dialog's form that its page asks for: the page's chunks are there before it);
// - each published package's entry points an app imports (its `exports`: "." and the browser's
//   subpaths), bundled with its dependencies (rolldown, minified, tree-shaken; peer dependencies left
//   out, the app that uses the package brings them): the entry's chunk and those it imports
//   statically, not the ones it imports dynamically.
// The file names are hashed, so the size-limit configuration is written from the build at each run.
// It also checks that the README's "Size budgets" table shows these budgets. Deterministic: it
// measures bytes, not time. Exits 1 when a size is over its budget, a build is missing (run
// `pnpm build` first) or the README's table differs.
//
//   node tooling/scripts/check-size.mjs          check every budget
//   node tooling/scripts/check-size.mjs --json   the measured sizes as JSON, without checking
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const KB = 1024;

/** The local scripts an index.html loads at once: classic and module scripts, modulepreloads. */
export function initialScripts(html) {
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel="modulepreload"/i.test(tag);
    const url = /\s(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
    if ((isScript || isPreload) && url?.startsWith("/")) urls.add(url);
  }
  return [...urls];
}

/** A manifest chunk and the chunks it imports statically, recursively (manifest keys). */
function staticClosure(manifest, key, keys = new Set()) {
  if (keys.has(key)) return keys;
  keys.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, keys);
  return keys;
}

/** An app's build: its manifest, its initial load and its chunk groups loaded on demand. */
function readApp(app) {
  const dist = join(root, app, "dist");
  const manifestFile = join(dist, ".vite/manifest.json");
  const htmlFile = join(dist, "index.html");
  if (!existsSync(manifestFile) || !existsSync(htmlFile)) {
    throw new Error(`${app}/dist (index.html, .vite/manifest.json) is missing: build first`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const scripts = initialScripts(readFileSync(htmlFile, "utf8"));
  // The entries and the chunks index.html preloads (say the app's chunk that a small entry imports
  // on demand at once), each with the chunks it imports statically.
  const preloaded = new Set(scripts.map((url) => url.replace(/^\//, "")));
  const initialKeys = new Set(
    Object.keys(manifest)
      .filter((key) => manifest[key].isEntry || preloaded.has(manifest[key].file))
      .flatMap((key) => [...staticClosure(manifest, key)]),
  );
  const initialFiles = new Set([
    ...[...initialKeys].map((key) => join(dist, manifest[key].file)),
    ...scripts.map((url) => join(dist, url)),
  ]);
  // What is loaded before a chunk that only other chunks ask for: the chunks every one of them
  // imports statically (a dialog's form asked for by its page finds the page's chunks there).
  const loadedBefore = (key) => {
    const importers = Object.keys(manifest).filter((other) =>
      (manifest[other].dynamicImports ?? []).includes(key),
    );
    const closures = importers.map((importer) => staticClosure(manifest, importer));
    return new Set(
      closures.length === 0
        ? []
        : [...closures[0]].filter((chunk) => chunk !== key && closures.every((c) => c.has(chunk))),
    );
  };
  const lazyGroups = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .map((key) => {
      const before = loadedBefore(key);
      const keys = [...staticClosure(manifest, key)].filter(
        (chunk) => !initialKeys.has(chunk) && !before.has(chunk),
      );
      return {
        // The module the chunk is named after, from the repository's root when it is a file.
        source: existsSync(resolve(root, app, key))
          ? relative(root, resolve(root, app, key))
          : `${app} ${key}`,
        files: keys.map((chunk) => join(dist, manifest[chunk].file)),
        /** The files of the group less those of `loaded` (manifest keys), loaded before it. */
        filesBeyond: (loaded) =>
          keys
            .filter((chunk) => !loaded.has(chunk))
            .map((chunk) => join(dist, manifest[chunk].file)),
        keys,
      };
    });
  return { initialFiles: [...initialFiles], lazyGroups };
}

/** The size-limit checks of every budget, each with what this script reports about it. */
function checksOf(budgets) {
  const checks = [];
  const limit = (limitKb) => `${limitKb} KiB`;
  for (const budget of budgets.initialLoads) {
    const { initialFiles, lazyGroups } = readApp(budget.app);
    // A page's first load: the initial load with the chunk groups of the routes that page needs.
    const routeFiles = (budget.routes ?? []).flatMap((source) => {
      const group = lazyGroups.find((candidate) => candidate.source === source);
      if (!group) {
        throw new Error(
          `tooling/size-budgets.json: no chunk of ${budget.app} is loaded on demand from ${source}`,
        );
      }
      return group.files;
    });
    checks.push({
      report: { ...budget, kind: "initial load" },
      check: {
        name: budget.name,
        path: [...new Set([...initialFiles, ...routeFiles])],
        limit: limit(budget.limitKb),
        gzip: true,
        rolldown: false,
      },
    });
  }
  const lazy = budgets.lazyChunkGroups;
  const { lazyGroups } = readApp(lazy.app);
  const exceptions = new Map(lazy.over.map((over) => [over.source, over]));
  // The groups the app asks for as it starts, on every page (its api client): loaded before any
  // navigation, they do not count again with each group loaded on demand, but are measured on
  // their own.
  const atStart = new Set(lazy.loadedAtStart?.map((group) => group.source) ?? []);
  const startKeys = new Set();
  for (const source of atStart) {
    const group = lazyGroups.find((candidate) => candidate.source === source);
    if (!group) {
      throw new Error(
        `tooling/size-budgets.json: no chunk of ${lazy.app} is loaded on demand from ${source}; remove it from loadedAtStart`,
      );
    }
    for (const key of group.keys) startKeys.add(key);
  }
  for (const over of lazy.over) {
    if (!lazyGroups.some((group) => group.source === over.source)) {
      throw new Error(
        `tooling/size-budgets.json: no chunk of ${lazy.app} is loaded on demand from ${over.source}; remove its budget`,
      );
    }
  }
  for (const group of lazyGroups) {
    const limitKb = exceptions.get(group.source)?.limitKb ?? lazy.limitKb;
    const name = `${group.source} (${atStart.has(group.source) ? "at start" : "on demand"})`;
    const files = atStart.has(group.source) ? group.files : group.filesBeyond(startKeys);
    checks.push({
      report: {
        name,
        kind: "on demand",
        app: lazy.app,
        source: group.source,
        limitKb,
        goalKb: lazy.limitKb,
      },
      check: { name, path: files, limit: limit(limitKb), gzip: true, rolldown: false },
    });
  }
  for (const budget of budgets.packages) {
    const dir = join(root, budget.path);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    // The file the package publishes for that entry point ("." unless named), as an app imports it.
    const file = pkg.exports?.[budget.export ?? "."]?.import?.default;
    if (typeof file !== "string") {
      throw new Error(
        `tooling/size-budgets.json: ${pkg.name} exports no "${budget.export ?? "."}" to import`,
      );
    }
    const entry = join(dir, file);
    if (!existsSync(entry)) throw new Error(`${relative(root, entry)} is missing: build first`);
    checks.push({
      report: { ...budget, kind: "package entry" },
      check: {
        name: budget.name,
        path: [entry],
        limit: limit(budget.limitKb),
        gzip: true,
        ignore: Object.keys(pkg.peerDependencies ?? {}),
        // The bundle's entry chunk (named after the file) and the chunks it imports statically:
        // what importing the entry loads; a dependency it imports dynamically loads when used.
        entry: basename(entry, ".js"),
      },
    });
  }
  checkEveryExport(budgets);
  for (const { check } of checks) {
    for (const file of check.path) {
      // size-limit reads `path` as glob patterns: a hashed file name has none of their characters.
      if (/[*?[\]{}()!\\]/.test(file))
        throw new Error(`${file}: a file name size-limit would read as a pattern`);
    }
  }
  return checks;
}

/** Every entry point of a published package has a budget, or is named as one no browser loads. */
function checkEveryExport(budgets) {
  const listed = new Set(
    [...budgets.packages, ...budgets.packagesNotMeasured].map(
      (item) => `${item.path} ${item.export ?? "."}`,
    ),
  );
  for (const name of readdirSync(join(root, "packages"))) {
    const file = join(root, "packages", name, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8"));
    if (pkg.private === true) continue;
    for (const subpath of Object.keys(pkg.exports ?? {})) {
      if (subpath === "./package.json" || listed.has(`packages/${name} ${subpath}`)) continue;
      throw new Error(
        `tooling/size-budgets.json: ${pkg.name} exports "${subpath}" without a budget: add one to ` +
          "packages (and to the README's table), or name it in packagesNotMeasured if no browser loads it",
      );
    }
  }
}

/** Runs size-limit on the checks; its JSON answer, one row per check in the same order. */
function runSizeLimit(checks) {
  const dir = mkdtempSync(join(tmpdir(), "paraphe-size-"));
  try {
    const config = join(dir, ".size-limit.json");
    writeFileSync(
      config,
      JSON.stringify(
        checks.map(({ check }) => check),
        null,
        2,
      ),
    );
    const bin = join(
      dirname(createRequire(join(root, "package.json")).resolve("size-limit/package.json")),
      "bin.js",
    );
    // From the root, whose devDependencies name the plugins size-limit loads (file, rolldown).
    const result = spawnSync(process.execPath, [bin, "--json", "--config", config], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    let answer;
    try {
      answer = JSON.parse(result.stdout);
    } catch {
      throw new Error(
        `size-limit did not answer (exit ${result.status}):\n${result.stdout}${result.stderr}`,
      );
    }
    if (!Array.isArray(answer))
      throw new Error(`size-limit failed: ${answer.error ?? JSON.stringify(answer)}`);
    return answer;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows the README's "Size budgets" table must have: first cell, budget, goal. */
function readmeRows(budgets) {
  const kb = (value) => (value === undefined ? "" : `${value} KB`);
  return [
    ...budgets.initialLoads.map((budget) => [budget.name, kb(budget.limitKb), kb(budget.goalKb)]),
    [
      `each chunk group ${budgets.lazyChunkGroups.app} loads on demand`,
      kb(budgets.lazyChunkGroups.limitKb),
      "",
    ],
    ...budgets.lazyChunkGroups.over.map((over) => [
      `${over.source} (on demand)`,
      kb(over.limitKb),
      kb(budgets.lazyChunkGroups.limitKb),
    ]),
    ...budgets.packages.map((budget) => [budget.name, kb(budget.limitKb), kb(budget.goalKb)]),
  ];
}

/** The README table's rows (after its header and separator), code spans unwrapped. */
function tableRows(readme) {
  const section = readme.split(/^## Size budgets$/m)[1]?.split(/^## /m)[0] ?? "";
  const lines = section.split("\n").filter((line) => line.startsWith("|"));
  return lines.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim().replaceAll("`", "")),
  );
}

function checkReadme(budgets) {
  const expected = readmeRows(budgets).map((row) => row.join(" | "));
  const actual = tableRows(readFileSync(join(root, "README.md"), "utf8")).map((row) =>
    row.join(" | "),
  );
  if (expected.join("\n") === actual.join("\n")) return [];
  return [
    'The README\'s "Size budgets" table does not show the budgets of tooling/size-budgets.json. It should read:',
    ...expected.map((row) => `  | ${row} |`),
  ];
}

const budgets = JSON.parse(readFileSync(join(root, "tooling/size-budgets.json"), "utf8"));
let checks;
try {
  checks = checksOf(budgets);
} catch (error) {
  // A missing build, or a budget that names nothing: the message says which.
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
const answer = runSizeLimit(checks);
const results = checks.map(({ report, check }, index) => ({
  ...report,
  files: check.path.length,
  gzip: answer[index].size,
  passed: answer[index].passed,
}));

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let failed = false;
for (const result of results) {
  const over = result.passed === false || result.gzip > result.limitKb * KB;
  if (over) failed = true;
  const goal =
    result.goalKb === undefined || result.goalKb === result.limitKb
      ? ""
      : result.gzip > result.goalKb * KB
        ? `; goal ${result.goalKb} KB not met yet (${kb(result.gzip - result.goalKb * KB)} over)`
        : `; goal ${result.goalKb} KB met`;
  const files =
    result.kind === "package entry"
      ? "bundled with its dependencies"
      : `in ${result.files} file(s)`;
  const line = `${over ? "✗" : "✓"} ${result.name}: ${kb(result.gzip)} gzip ${files}, budget ${result.limitKb} KB${goal}`;
  (over ? console.error : console.log)(line);
}
const readmeErrors = checkReadme(budgets);
for (const line of readmeErrors) console.error(line);
if (failed) {
  console.error(
    "\nA size is over its budget in tooling/size-budgets.json. Make the code smaller (lazy-load what " +
      "the first paint does not need), or, if the growth is wanted, raise the budget there and in the " +
      "README in the same change.",
  );
}
if (failed || readmeErrors.length > 0) process.exit(1);
