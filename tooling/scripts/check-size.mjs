#!/usr/bin/env node
// Size budgets (tooling/size-budgets.json), checked on the production builds: the signing app's
// initial JavaScript (the scripts its index.html loads before the app runs) and each published
// package's entry (dist/index.js and the chunks it imports, its dependencies not counted), in
// gzip bytes (node:zlib, default level; 1 KB = 1,024 bytes). Deterministic: it measures bytes, not
// time. Exits 1 when a size is over its budget, or a build is missing (run `pnpm build` first).
//
//   node tooling/scripts/check-size.mjs          check every budget
//   node tooling/scripts/check-size.mjs --json   the measured sizes as JSON, without checking
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const budgets = JSON.parse(readFileSync(join(root, "tooling/size-budgets.json"), "utf8"));
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

/** A module and the local modules it imports statically, recursively (`./chunk-*.js`). */
function entryFiles(entry) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(resolve(dirname(file), match[1]));
    }
  };
  visit(entry);
  return [...files];
}

function gzipSize(files) {
  return files.reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
}

function measure(budget) {
  const target = join(root, budget.path);
  if (budget.kind === "app-initial") {
    const html = join(target, "index.html");
    if (!existsSync(html)) return { error: `${budget.path}/index.html is missing: build first` };
    const files = initialScripts(readFileSync(html, "utf8")).map((url) => join(target, url));
    return { files: files.length, gzip: gzipSize(files) };
  }
  if (!existsSync(target)) return { error: `${budget.path} is missing: build first` };
  const files = entryFiles(target);
  return { files: files.length, gzip: gzipSize(files) };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const results = budgets.budgets.map((budget) => ({ ...budget, ...measure(budget) }));

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}

let failed = false;
for (const result of results) {
  if (result.error !== undefined) {
    failed = true;
    console.error(`✗ ${result.name}: ${result.error}`);
    continue;
  }
  const over = result.gzip > result.limitKb * KB;
  if (over) failed = true;
  const goal =
    result.goalKb === undefined
      ? ""
      : result.gzip > result.goalKb * KB
        ? `; goal ${result.goalKb} KB not met yet (${kb(result.gzip - result.goalKb * KB)} over)`
        : `; goal ${result.goalKb} KB met`;
  const line = `${over ? "✗" : "✓"} ${result.name}: ${kb(result.gzip)} gzip in ${result.files} file(s), budget ${result.limitKb} KB${goal}`;
  (over ? console.error : console.log)(line);
}
if (failed) {
  console.error(
    "\nA size is over its budget in tooling/size-budgets.json (or a build is missing). Make the code smaller " +
      "(lazy-load what the first paint does not need), or, if the growth is wanted, raise the budget there " +
      "and in the README in the same change.",
  );
  process.exit(1);
}
