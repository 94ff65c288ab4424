import type { Options } from "tsup";

export interface LibraryOptions {
  entry: Record<string, string>;
  platform?: "neutral" | "node" | "browser";
}

export declare function defineLibraryConfig(options: LibraryOptions): Options | Options[];
