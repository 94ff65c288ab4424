import { defineLibraryConfig } from "@paraphe/tsup-config";
import type { Options } from "tsup";

const config: Options | Options[] = defineLibraryConfig({
  entry: { index: "src/index.ts", "react/index": "src/react/index.ts" },
});

export default config;
