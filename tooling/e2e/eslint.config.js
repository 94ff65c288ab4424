import base from "@paraphe/eslint-config/base";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";

export default [
  // What a user outside the repository writes (published-sdk/README.md): installed and run by
  // tests/published-sdk.spec.ts against the packed packages, not linted with the workspace.
  { ignores: ["published-sdk/**"] },
  ...base,
  // The api and the packages are reached through their package entries (`@paraphe/api`,
  // `@paraphe/api/testing`, ...), never by a relative path into another package.
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          conditionNames: ["@paraphe/source", "import", "default"],
        }),
      ],
    },
    rules: { "import-x/no-relative-packages": "error" },
  },
];
