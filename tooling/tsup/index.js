import { defineConfig } from "tsup";

/**
 * The one tsup configuration of the workspace's published packages: ESM with declarations, one
 * entry per `exports` subpath, dependencies left external.
 *
 * @param {{ entry: Record<string, string>; platform?: "neutral" | "node" | "browser" }} options
 */
export function defineLibraryConfig(options) {
  return defineConfig({
    entry: options.entry,
    format: ["esm"],
    platform: options.platform ?? "neutral",
    target: "es2022",
    dts: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    splitting: true,
    outDir: "dist",
    tsconfig: "tsconfig.build.json",
  });
}
