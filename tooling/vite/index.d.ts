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
}): Plugin;

export declare function defineAppConfig(options: {
  port: number;
  chunkLoadMessages: Record<string, ChunkLoadMessages>;
  referrerPolicy?: ReferrerPolicy;
  build?: BuildOptions;
}): UserConfig;
