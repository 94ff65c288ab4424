import { defineConfig, mergeConfig } from "vitest/config";

/**
 * The shared vitest preset. Each package calls it from its own `vitest.config.ts`, named after the
 * package, so that `pnpm --filter <name> test` runs that package alone. Sibling packages are read
 * from source through the `@paraphe/source` condition.
 *
 * @param {{ name: string; environment?: "node" | "jsdom"; setupFiles?: string[]; testTimeout?: number; include?: string[]; typecheck?: boolean }} options
 * @param {import("vitest/config").UserConfig} [extra]
 */
export function defineVitestConfig(options, extra = {}) {
  return mergeConfig(
    defineConfig({
      resolve: { conditions: ["@paraphe/source"] },
      ssr: { resolve: { conditions: ["@paraphe/source"] } },
      test: {
        name: options.name,
        environment: options.environment ?? "node",
        setupFiles: options.setupFiles ?? [],
        include: options.include ?? ["src/**/*.test.{ts,tsx}"],
        typecheck: { enabled: options.typecheck ?? false, include: ["src/**/*.test-d.ts"] },
        testTimeout: options.testTimeout ?? 10_000,
        restoreMocks: true,
        unstubGlobals: true,
        unstubEnvs: true,
      },
    }),
    extra,
  );
}
