import { defineLibraryConfig } from "@paraphe/tsup-config";
import type { Options } from "tsup";

const config: Options | Options[] = defineLibraryConfig({
  entry: { index: "src/index.ts", react: "src/react/index.ts" },
  platform: "browser",
});

export default config;
