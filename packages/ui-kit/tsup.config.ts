import { defineLibraryConfig } from "@paraphe/tsup-config";
import type { Options } from "tsup";

const config: Options | Options[] = defineLibraryConfig({
  entry: {
    index: "src/index.ts",
    "inline-chunk-load-guard": "src/inline-chunk-load-guard.ts",
    telemetry: "src/telemetry.ts",
  },
});

export default config;
