import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Rules added for React code (apps and React entries of packages). */
export default tseslint.config({
  files: ["**/*.tsx", "**/*.ts"],
  plugins: { "react-hooks": reactHooks },
  languageOptions: { globals: { ...globals.browser } },
  rules: {
    "react-hooks/rules-of-hooks": "error",
    "react-hooks/exhaustive-deps": "error",
  },
});
