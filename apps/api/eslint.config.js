import base from "@paraphe/eslint-config/base";
import { importBoundaries } from "@paraphe/eslint-config/boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";

// A rule's options are replaced, not merged, by a later config: the routes' piece repeats the
// base's restricted syntax (export * barrels, focused tests) before its own.
const baseRestrictedSyntax = base
  .flatMap((config) => config.rules?.["no-restricted-syntax"] ?? [])
  .filter((entry) => typeof entry === "object");

const NO_QUERY_IN_ROUTES =
  "Route handlers hold no queries: move it into a service or a store function and call that.";

export default [
  ...base,
  ...importBoundaries(import.meta.dirname),
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
  // The job queue knows no domain: each domain defines its jobs (`<domain>/job-definitions.ts`)
  // and handles them (`<domain>/jobs.ts`), and `src/background-jobs.ts` puts them together.
  {
    files: ["src/jobs/**/*.ts"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/jobs",
              from: "./src",
              // Telemetry is infrastructure too (each attempt's span, metrics by job type).
              except: ["./jobs", "./db", "./logger.ts", "./config.ts", "./telemetry", "./test"],
              message: "The job queue imports no domain: put the job beside its domain.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/routes/**/*.ts"],
    ignores: ["src/routes/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...baseRestrictedSyntax,
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]",
          message: NO_QUERY_IN_ROUTES,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: NO_QUERY_IN_ROUTES },
        {
          selector: "MemberExpression[object.name='deps'][property.name='db']",
          message: "Route handlers hand `deps` to a service or store function, never the database.",
        },
      ],
    },
  },
];
