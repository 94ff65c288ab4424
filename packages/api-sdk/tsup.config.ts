import { defineLibraryConfig } from "@paraphe/tsup-config";
import type { Options } from "tsup";

const config: Options | Options[] = defineLibraryConfig({
  entry: {
    index: "src/index.ts",
    "contract/index": "src/contract/index.ts",
    "openapi/index": "src/openapi/index.ts",
    "verify/index": "src/verify/index.ts",
    "verify/cli": "src/verify/cli.ts",
  },
});

export default config;
