import type { UserConfig } from "vitest/config";

export interface VitestPresetOptions {
  name: string;
  /** jsdom also runs the workspace's jsdom set-up (`./jsdom-setup`) before each test file. */
  environment?: "node" | "jsdom";
  setupFiles?: string[];
  testTimeout?: number;
  include?: string[];
  /** Runs the jsdom set-up before each file (default: with the jsdom environment); it acts only where `document` exists. */
  jsdomSetup?: boolean;
  /** Also run the type-level tests (`*.test-d.ts`). */
  typecheck?: boolean;
  /**
   * Runs the test files in one worker on one module cache and one environment (vitest's
   * `isolate: false`); files that replace modules (`vi.mock`...) run isolated in a second project.
   */
  shareModules?: boolean;
}

export declare function defineVitestConfig(
  options: VitestPresetOptions,
  extra?: UserConfig,
): UserConfig;
