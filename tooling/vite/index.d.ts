import type { BuildOptions, Plugin, UserConfig } from "vite";

export interface ChunkLoadMessages {
  title: string;
  description: string;
  reload: string;
}

export type ReferrerPolicy = "no-referrer" | "strict-origin-when-cross-origin";

export declare function chunkLoadGuardPlugin(options: {
  messages: Record<string, ChunkLoadMessages>;
}): Plugin;

export declare function securityHeadersPlugin(options?: {
  referrerPolicy?: ReferrerPolicy;
  /** Build variables naming pages the app may frame: their origins alone join `frame-src`. */
  frameVariables?: string[];
  /** Build variables that configure the Google Drive import: when all are set, its origins join. */
  googleDriveVariables?: string[];
  /** `vite preview` answers `/embed/...` with the frame-ancestors the api gives for the page. */
  embeddedPages?: boolean;
}): Plugin;

export { referenceValuesPlugin } from "./reference-values.js";

/**
 * Leaves out of the preload lists of dynamic imports the imported chunk itself and the files of the
 * initial load (both fetch nothing).
 */
export declare function leanPreloadsPlugin(options?: { firstWaveModules?: string[] }): Plugin;

/**
 * `<link rel="modulepreload">` in index.html for the chunks of `modules` (paths relative to the
 * app's root) and their static imports: modules the entry imports on demand at once.
 */
export declare function firstWavePreloadPlugin(options: { modules: string[] }): Plugin;

export declare function defineAppConfig(options: {
  port: number;
  chunkLoadMessages: Record<string, ChunkLoadMessages>;
  referrerPolicy?: ReferrerPolicy;
  /** Build variables naming pages the app may frame (`VITE_SUPPORT_WIDGET_URL`). */
  frameVariables?: string[];
  /** Build variables that configure the Google Drive import (`VITE_GOOGLE_CLIENT_ID`, ...). */
  googleDriveVariables?: string[];
  /** `vite preview` answers `/embed/...` with the frame-ancestors the api gives for the page. */
  embeddedPages?: boolean;
  /** The api build's `reference-values.json`, relative to the app's root. */
  referenceValuesFile: string;
  /** Modules the entry imports on demand at once: index.html preloads their chunks. */
  firstWaveModules?: string[];
  build?: BuildOptions;
}): UserConfig;
