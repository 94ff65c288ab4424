import type { BuildOptions, Plugin, UserConfig } from "vite";

export interface ChunkLoadMessages {
  title: string;
  description: string;
  reload: string;
}

export declare function chunkLoadGuardPlugin(options: {
  messages: Record<string, ChunkLoadMessages>;
}): Plugin;

export declare function defineAppConfig(options: {
  port: number;
  chunkLoadMessages: Record<string, ChunkLoadMessages>;
  build?: BuildOptions;
}): UserConfig;
