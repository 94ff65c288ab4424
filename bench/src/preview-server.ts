/**
 * `vite preview` of a built app, run as a child process by the browser benchmarks
 * (`startPreview` in `browser.ts`) with node's own TypeScript support, so it imports nothing of
 * the bench but node's modules and the app's vite.
 *
 *   node preview-server.ts <vite's node entry> <app dir> <out dir> <port> [<key file> <cert file>]
 *
 * With a key and a certificate, the preview speaks TLS, and Vite then serves it with node's HTTP/2
 * secure server (HTTP/1.1 kept for clients that do not offer h2), as nginx serves the apps in
 * production; without them, plain HTTP/1.1, as `vite preview` does by default.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface Vite {
  preview(config: Record<string, unknown>): Promise<unknown>;
}

const [viteEntry, root, outDir, port, keyFile, certFile] = process.argv.slice(2);
if (!viteEntry || !root || !outDir || !port) {
  throw new Error("usage: preview-server.ts <vite entry> <app dir> <out dir> <port> [key cert]");
}
const vite = (await import(pathToFileURL(viteEntry).href)) as Vite;
await vite.preview({
  root,
  logLevel: "warn",
  build: { outDir },
  preview: {
    host: "127.0.0.1",
    port: Number(port),
    strictPort: true,
    https:
      keyFile && certFile
        ? { key: readFileSync(keyFile), cert: readFileSync(certFile) }
        : undefined,
  },
});
