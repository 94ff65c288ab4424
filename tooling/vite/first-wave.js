import { resolve } from "node:path";

/** A chunk whose download takes longer than the entry's (bytes of code, before compression). */
const LARGE_CHUNK = 64 * 1024;

/**
 * `<link rel="modulepreload">` in index.html for the chunks of the modules an entry imports on
 * demand at once (say the app's chunk with React, which a small entry asks for after it has started
 * the current page's own chunks): each with its static imports, so that the browser asks for them
 * with the document, in the first wave, instead of once the entry has run. Only build output
 * changes; the entry's own static imports keep the preloads Vite writes for them.
 *
 * `modules` are paths relative to the app's root (`src/app/boot.tsx`); a module that is in no chunk
 * of the build stops it.
 *
 * @param {{ modules: string[] }} options
 * @returns {import("vite").Plugin}
 */
export function firstWavePreloadPlugin({ modules }) {
  let root = process.cwd();
  let base = "/";
  return {
    name: "paraphe:first-wave-preload",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        /** @type {Set<string>} */
        const initial = new Set();
        /** @param {string} fileName @param {Set<string>} into */
        const visit = (fileName, into) => {
          const chunk = bundle[fileName];
          if (into.has(fileName) || chunk?.type !== "chunk") return;
          into.add(fileName);
          for (const imported of chunk.imports) visit(imported, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, initial);
        /** @type {Set<string>} */
        const wave = new Set();
        for (const module of modules) {
          const id = resolve(root, module).replaceAll("\\", "/");
          const chunk = chunks.find((item) =>
            item.moduleIds.some((moduleId) => moduleId.replaceAll("\\", "/") === id),
          );
          if (!chunk) throw new Error(`first-wave preload: no chunk of ${module} in the build`);
          visit(chunk.fileName, wave);
        }
        /** @param {string} fileName */
        const size = (fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === "chunk" ? chunk.code.length : 0;
        };
        // The large ones (React's chunk) at the top of <head>, the largest first, and the small ones
        // after the entry's: over HTTP/1.1 a browser opens six connections to a host, and neither
        // the longest download nor the entry should wait for a free one.
        return [...wave]
          .filter((fileName) => !initial.has(fileName))
          .sort((a, b) => size(b) - size(a))
          .map((fileName) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${fileName}` },
            injectTo: size(fileName) >= LARGE_CHUNK ? "head-prepend" : "head",
          }));
      },
    },
  };
}
