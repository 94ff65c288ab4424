/**
 * JavaScript size of the signing app's production build, next to the web app's.
 *
 * `initial`: the scripts its `index.html` loads before anything runs (its scripts and the
 * `modulepreload` links); `all`: every `.js` file under `dist/assets` (lazy chunks included).
 * Raw bytes and gzip (node:zlib, default level) of each. A missing build is made first.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface JsSize {
  files: number;
  raw: number;
  gzip: number;
}

export interface BundleResult {
  app: string;
  initial: JsSize;
  all: JsSize;
  /** The largest JS file: name and gzip size. */
  largest: { name: string; gzip: number };
}

/** The vite CLI of an app (its own dev dependency). */
export function viteBin(appDir: string): string {
  const require = createRequire(path.join(appDir, "package.json"));
  return path.join(path.dirname(require.resolve("vite/package.json")), "bin/vite.js");
}

/** Runs `vite build` for `app` (apps/<app>), output in `outDir` (its dist by default). */
export function buildApp(
  app: string,
  options: { outDir?: string; env?: Record<string, string> } = {},
): void {
  const appDir = path.join(ROOT, "apps", app);
  const args = [viteBin(appDir), "build", "--logLevel", "warn"];
  if (options.outDir) args.push("--outDir", options.outDir, "--emptyOutDir");
  const result = spawnSync(process.execPath, args, {
    cwd: appDir,
    env: { ...process.env, ...options.env },
    // Its output goes to stderr, with the progress lines, away from the tables.
    stdio: ["ignore", 2, 2],
  });
  if (result.status !== 0) throw new Error(`vite build of apps/${app} failed (${result.status})`);
}

async function sizeOf(
  files: string[],
): Promise<JsSize & { largest: { name: string; gzip: number } }> {
  let raw = 0;
  let gzip = 0;
  let largest = { name: "", gzip: 0 };
  for (const file of files) {
    const bytes = await readFile(file);
    const zipped = gzipSync(bytes).length;
    raw += bytes.length;
    gzip += zipped;
    if (zipped > largest.gzip) largest = { name: path.basename(file), gzip: zipped };
  }
  return { files: files.length, raw, gzip, largest };
}

/**
 * The local script URLs `index.html` loads at once: scripts (module entries and classic ones, such
 * as the chunk-load guard) and modulepreload links, as `tooling/scripts/check-size.mjs` counts them.
 */
export function initialScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isEntry = /^<script/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel="modulepreload"/i.test(tag);
    const url = /\s(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
    if ((isEntry || isPreload) && url?.startsWith("/")) urls.add(url);
  }
  return [...urls];
}

export async function measureApp(app: string, log: (line: string) => void): Promise<BundleResult> {
  const dist = path.join(ROOT, "apps", app, "dist");
  if (!existsSync(path.join(dist, "index.html"))) {
    log(`bundle: apps/${app}/dist is missing, building it`);
    buildApp(app);
  }
  const html = await readFile(path.join(dist, "index.html"), "utf8");
  const initial = await sizeOf(initialScripts(html).map((url) => path.join(dist, url)));
  const assets = path.join(dist, "assets");
  const all = await sizeOf(
    (await readdir(assets))
      .filter((name) => name.endsWith(".js"))
      .map((name) => path.join(assets, name)),
  );
  return {
    app: `apps/${app}`,
    initial: { files: initial.files, raw: initial.raw, gzip: initial.gzip },
    all: { files: all.files, raw: all.raw, gzip: all.gzip },
    largest: all.largest,
  };
}

export async function runBundleBenchmark(log: (line: string) => void): Promise<BundleResult[]> {
  return [await measureApp("sign", log), await measureApp("web", log)];
}
