import base from "@paraphe/eslint-config/base";
import { importBoundaries } from "@paraphe/eslint-config/boundaries";

export default [
  ...base,
  ...importBoundaries(import.meta.dirname),
  {
    // The shipped sources run in browsers as well as Node: no Node built-ins (tests may use them).
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/test/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "node:*",
                "crypto",
                "buffer",
                "util",
                "stream",
                "fs",
                "path",
                "os",
                "http",
                "https",
              ],
              message: "The tunnel client runs in browsers: use WebCrypto and web APIs only.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Buffer", message: "Browsers have no Buffer: use Uint8Array." },
        { name: "process", message: "Browsers have no process." },
      ],
    },
  },
];
