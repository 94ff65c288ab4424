import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build } from "rolldown";
import { defaultClientConditions, defineConfig } from "vite";

/**
 * Inlines the ui-kit's page chunk-load guard into index.html as a classic script that runs before the
 * app's own scripts, so that it also catches a failure of the entry script itself (spec §4: reload at
 * most 3 times in 60 s, then give up with a message in the page's language).
 *
 * @param {{ messages: Record<string, { title: string; description: string; reload: string }> }} options
 * @returns {import("vite").Plugin}
 */
export function chunkLoadGuardPlugin({ messages }) {
  let root = process.cwd();
  let script = "";
  return {
    name: "paraphe:chunk-load-guard",
    configResolved(config) {
      root = config.root;
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
      script = `${chunk.code}\nParapheChunkLoadGuard.installPageChunkLoadGuard(${JSON.stringify(messages)});`;
    },
    transformIndexHtml() {
      return [{ tag: "script", children: script, injectTo: "head-prepend" }];
    },
  };
}

/**
 * The Vite configuration of a Paraphe app: React, Tailwind, sibling packages read from source, the
 * inline chunk-load guard, fixed ports for the dev server and `vite preview`.
 *
 * @param {{ port: number; chunkLoadMessages: Record<string, { title: string; description: string; reload: string }>; build?: import("vite").BuildOptions }} options
 */
export function defineAppConfig({ port, chunkLoadMessages, build: buildOptions = {} }) {
  return defineConfig({
    plugins: [react(), tailwindcss(), chunkLoadGuardPlugin({ messages: chunkLoadMessages })],
    resolve: { conditions: ["@paraphe/source", ...defaultClientConditions] },
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: { outDir: "dist", sourcemap: true, ...buildOptions },
  });
}
