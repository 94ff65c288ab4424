import base from "@paraphe/eslint-config/base";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";

export default [
  ...base,
  // No import cycle inside the api. import-x skips type-only imports; `src/import-cycles.test.ts`
  // checks those too.
  {
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          conditionNames: ["@paraphe/source", "import", "default"],
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
];
