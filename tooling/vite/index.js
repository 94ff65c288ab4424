import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { build } from "rolldown";
import { defaultClientConditions, defineConfig, loadEnv } from "vite";
import { referenceValuesPlugin } from "./reference-values.js";
import { embeddedPagesMiddleware } from "./embedded-pages.js";
import { firstWavePreloadPlugin } from "./first-wave.js";
import { leanPreloadsPlugin } from "./lean-preloads.js";
import { DEFAULT_API_URL, securityHeaders, staticHostHeadersFile } from "./security-headers.js";

export { firstWavePreloadPlugin, leanPreloadsPlugin, referenceValuesPlugin };

/** Where the chunk-load guard is served, in development and in the build (content-hashed there). */
const GUARD_DEV_PATH = "/@paraphe/chunk-load-guard.js";

/**
 * Builds the ui-kit's page chunk-load guard as a classic script file that index.html loads (a
 * blocking `<script src>` at the top of `<head>`) before the app's own module scripts, so that it also
 * catches a failure of the entry script itself (spec §4: reload at most 3 times in 60 s, then give up
 * with a message in the page's language). A file, not an inline script: the Content-Security-Policy
 * allows scripts of the app's origin only.
 *
 * @param {{ messages: Record<string, { title: string; description: string; reload: string }> }} options
 * @returns {import("vite").Plugin}
 */
export function chunkLoadGuardPlugin({ messages }) {
  let root = process.cwd();
  let base = "/";
  let command = "build";
  let script = "";
  let src = GUARD_DEV_PATH;
  return {
    name: "paraphe:chunk-load-guard",
    configResolved(config) {
      root = config.root;
      base = config.base;
      command = config.command;
    },
    async buildStart() {
      const bundle = await build({
        input: "@paraphe/ui-kit/inline-chunk-load-guard",
        cwd: root,
        resolve: { conditionNames: ["@paraphe/source", "import", "default"] },
        write: false,
        logLevel: "silent",
        output: { format: "iife", name: "ParapheChunkLoadGuard", minify: true },
      });
      const chunk = bundle.output.find((item) => item.type === "chunk");
      if (!chunk) throw new Error("The chunk-load guard did not build.");
      script = `${chunk.code}\nParapheChunkLoadGuard.installPageChunkLoadGuard(${JSON.stringify(messages)});\n`;
      if (command === "build") {
        const hash = createHash("sha256").update(script).digest("hex").slice(0, 8);
        const fileName = `assets/chunk-load-guard-${hash}.js`;
        this.emitFile({ type: "asset", fileName, source: script });
        src = `${base}${fileName}`;
      }
    },
    configureServer(server) {
      server.middlewares.use(GUARD_DEV_PATH, (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(script);
      });
    },
    transformIndexHtml() {
      return [{ tag: "script", attrs: { src }, injectTo: "head-prepend" }];
    },
  };
}

/**
 * Serves the apps' security headers (Content-Security-Policy, Referrer-Policy, nosniff, ...) under
 * `vite preview`, and writes the same headers into `dist/_headers` for a static host (Netlify and
 * Cloudflare Pages read that file). Both come from one computation, from the build's `VITE_API_URL`.
 * The dev server gets none: Vite's dev client and React's refresh preamble are inline scripts.
 *
 * `frameVariables` name the build variables whose pages the app may frame (the web app's
 * `VITE_SUPPORT_WIDGET_URL`): when one is set, its origin alone joins `frame-src`.
 * `VITE_TELEMETRY_URL` (the browser telemetry's collector), when set, joins `connect-src` by its origin.
 * `googleDriveVariables` name the variables that configure the Google Drive import (the web app's
 * `VITE_GOOGLE_CLIENT_ID` and `VITE_GOOGLE_APP_ID`): when all are set, the import's Google origins
 * join the policy; otherwise nothing of Google does.
 *
 * With `embeddedPages` (the signing app, and the web app for its embedded editor), `vite preview`
 * answers the embedded pages (`/embed/sign/...`, `/embed/d/...`, `/embed/edit/...`) with the `frame-ancestors` their team allows, asked of the api
 * for each page (`embedded-pages.js`); the `_headers` file cannot, and gives them `'none'` as every
 * other page (the repository's README says what a host must do instead).
 *
 * @param {{ referrerPolicy?: "no-referrer" | "strict-origin-when-cross-origin"; frameVariables?: string[]; googleDriveVariables?: string[]; embeddedPages?: boolean }} [options]
 * @returns {import("vite").Plugin}
 */
export function securityHeadersPlugin({
  referrerPolicy,
  frameVariables = [],
  googleDriveVariables = [],
  embeddedPages = false,
} = {}) {
  /** @type {Record<string, string>} */
  let headers = {};
  /** @type {(origins: string[]) => Record<string, string>} */
  let headersFor = () => headers;
  let apiUrl = DEFAULT_API_URL;
  return {
    name: "paraphe:security-headers",
    config(userConfig, { mode }) {
      const root = resolve(userConfig.root ?? process.cwd());
      const envDir =
        typeof userConfig.envDir === "string" ? resolve(root, userConfig.envDir) : root;
      const env = loadEnv(mode, envDir, "VITE_");
      const frameUrls = Object.fromEntries(frameVariables.map((name) => [name, env[name]]));
      const googleDrive =
        googleDriveVariables.length > 0 && googleDriveVariables.every((name) => Boolean(env[name]));
      headers = securityHeaders({
        apiUrl: env.VITE_API_URL,
        frameUrls,
        googleDrive,
        telemetryUrl: env.VITE_TELEMETRY_URL,
        referrerPolicy,
      });
      apiUrl = env.VITE_API_URL || DEFAULT_API_URL;
      headersFor = (frameAncestors) =>
        securityHeaders({
          apiUrl: env.VITE_API_URL,
          frameUrls,
          googleDrive,
          telemetryUrl: env.VITE_TELEMETRY_URL,
          referrerPolicy,
          frameAncestors,
        });
      return { preview: { headers } };
    },
    configurePreviewServer(server) {
      if (!embeddedPages) return;
      const index = resolve(server.config.root, server.config.build.outDir, "index.html");
      server.middlewares.use(
        embeddedPagesMiddleware({ apiUrl, indexHtml: () => readFile(index), headersFor }),
      );
    },
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: staticHostHeadersFile(headers),
      });
    },
  };
}

/** The version in the app's `package.json` (Vite runs in the app's folder). */
function appVersion() {
  const manifest = JSON.parse(readFileSync(resolve(process.cwd(), "package.json"), "utf8"));
  return typeof manifest.version === "string" ? manifest.version : "0.0.0";
}

/**
 * The Vite configuration of a Paraphe app: React, Tailwind, sibling packages read from source, the
 * chunk-load guard, the security headers, the attestation reference values of the api's build
 * (`referenceValuesFile`, relative to the app's root), fixed ports for the dev server and `vite
 * preview`. `firstWaveModules` (paths relative to the app's root) are modules the entry imports on
 * demand at once: index.html preloads their chunks with the entry (`first-wave.js`).
 *
 * @param {{ port: number; chunkLoadMessages: Record<string, { title: string; description: string; reload: string }>; referrerPolicy?: "no-referrer" | "strict-origin-when-cross-origin"; frameVariables?: string[]; googleDriveVariables?: string[]; embeddedPages?: boolean; referenceValuesFile: string; firstWaveModules?: string[]; build?: import("vite").BuildOptions }} options
 */
export function defineAppConfig({
  port,
  chunkLoadMessages,
  referrerPolicy,
  frameVariables,
  googleDriveVariables,
  embeddedPages,
  referenceValuesFile,
  firstWaveModules = [],
  build: buildOptions = {},
}) {
  return defineConfig({
    plugins: [
      react(),
      tailwindcss(),
      chunkLoadGuardPlugin({ messages: chunkLoadMessages }),
      securityHeadersPlugin({
        referrerPolicy,
        frameVariables,
        googleDriveVariables,
        embeddedPages,
      }),
      referenceValuesPlugin({ file: referenceValuesFile }),
      leanPreloadsPlugin({ firstWaveModules }),
      firstWavePreloadPlugin({ modules: firstWaveModules }),
    ],
    resolve: { conditions: ["@paraphe/source", ...defaultClientConditions] },
    // The app's version, sent with its telemetry (README "Telemetry").
    define: { "import.meta.env.PARAPHE_APP_VERSION": JSON.stringify(appVersion()) },
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: {
      outDir: "dist",
      sourcemap: true,
      // dist/.vite/manifest.json: each chunk's static and dynamic imports, from which
      // tooling/scripts/check-size.mjs lists a page's initial load and each lazy route's chunks.
      manifest: true,
      // Fonts stay files: the Content-Security-Policy allows fonts of the app's origin only, not data:.
      assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
      ...buildOptions,
    },
  });
}
