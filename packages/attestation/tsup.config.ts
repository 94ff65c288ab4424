import { defineLibraryConfig } from "@paraphe/tsup-config";
import type { Options } from "tsup";

const config: Options | Options[] = defineLibraryConfig({
  entry: {
    index: "src/index.ts",
    "pinning/index": "src/pinning/index.ts",
    "react/index": "src/react/index.ts",
    "testing/index": "src/testing/index.ts",
  },
});

export default config;
