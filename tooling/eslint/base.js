import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Shared rules for every TypeScript package of the workspace. */
export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/.cache/**",
      "**/coverage/**",
      "**/test-results/**",
      "**/playwright-report/**",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.es2022 },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportAllDeclaration",
          message: "Name every export: no `export *` barrels.",
        },
        {
          selector:
            "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]",
          message: "No focused or skipped tests.",
        },
      ],
      eqeqeq: ["error", "smart"],
    },
  },
);
