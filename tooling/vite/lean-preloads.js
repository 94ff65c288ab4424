import { resolve } from "node:path";

/**
 * Shorter preload lists for the chunks an app imports on demand. Before each dynamic import (a lazy
 * route, a language's texts) Vite's preload helper asks for the imported chunk's static imports at
 * once (`<link rel="modulepreload">`), from a list of every such file that the entry carries
 * (`__vite__mapDeps`). Two kinds of names in those lists fetch nothing:
 * - the imported chunk itself, which `import()` asks for at the same moment;
 * - the files of the initial load (the entry and what it imports statically), which the browser
 *   has run before any code of the app, so before any dynamic import.
 * Left out, the web app's entry is 2 KB gzip lighter (the file names are hashes: they hardly
 * compress). Style sheets stay in the lists (the helper waits for them), and index.html's own
 * modulepreloads are untouched. The chunks of `firstWaveModules` (paths relative to the app's root)
 * count as initial files too: index.html preloads them with the entry (`firstWavePreloadPlugin`).
 *
 * @param {{ firstWaveModules?: string[] }} [options]
 * @returns {import("vite").Plugin}
 */
export function leanPreloadsPlugin({ firstWaveModules = [] } = {}) {
  /** @type {Set<string>} */
  const initialFiles = new Set();
  let root = process.cwd();
  return {
    name: "paraphe:lean-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies: (file, dependencies, { hostType }) =>
              hostType === "js"
                ? dependencies.filter(
                    (dependency) => dependency !== file && !initialFiles.has(dependency),
                  )
                : dependencies,
          },
        },
      };
    },
    generateBundle: {
      // Before Vite's import analysis writes the lists (in its own generateBundle).
      order: "pre",
      handler(_options, bundle) {
        initialFiles.clear();
        const visit = (fileName) => {
          const chunk = bundle[fileName];
          if (initialFiles.has(fileName) || chunk?.type !== "chunk") return;
          initialFiles.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        const firstWave = new Set(
          firstWaveModules.map((module) => resolve(root, module).replaceAll("\\", "/")),
        );
        for (const item of Object.values(bundle)) {
          if (item.type !== "chunk") continue;
          const inFirstWave = item.moduleIds.some((id) => firstWave.has(id.replaceAll("\\", "/")));
          if (item.isEntry || inFirstWave) visit(item.fileName);
        }
      },
    },
  };
}
