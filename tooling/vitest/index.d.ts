import type { UserConfig } from "vitest/config";

export interface VitestPresetOptions {
  name: string;
  environment?: "node" | "jsdom";
  setupFiles?: string[];
  testTimeout?: number;
  include?: string[];
  /** Also run the type-level tests (`*.test-d.ts`). */
  typecheck?: boolean;
}

export declare function defineVitestConfig(
  options: VitestPresetOptions,
  extra?: UserConfig,
): UserConfig;
