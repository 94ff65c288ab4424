import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";

/**
 * Import boundaries of the workspace, as ESLint flat-config pieces. Each takes the directory of the
 * package whose eslint.config.js uses it (`import.meta.dirname`), so that the rules do not depend on
 * the directory ESLint is started from.
 *
 * - `importBoundaries(dir)`, for every app (apps/*) and library package (packages/*):
 *   - packages never import apps, and apps never import each other, by package name or by path;
 *   - in a package that has `src/features/<name>/` (the web and signing apps): a feature does not
 *     import another feature, and only `src/app/` and `src/routes/` import features: `src/lib/`,
 *     `src/layouts/`, `src/domain/`, `src/test/` and any other folder of `src/` import none;
 *   - no relative import leaves its package (`relativeImportsStayInPackage`).
 * - `relativeImportsStayInPackage(dir)` alone: no relative import leaves its package; another
 *   package is imported by its name and exports. For the workspace members that are neither an app
 *   nor a library package (bench/, tooling/e2e) once their imports go through package entries.
 */

const sourceCondition = "@paraphe/source";

/** The nearest folder at or above `dir` that holds pnpm-workspace.yaml. */
function findWorkspaceRoot(dir) {
  let current = path.resolve(dir);
  while (!existsSync(path.join(current, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(current);
    if (parent === current) {
      throw new Error(`No pnpm-workspace.yaml at or above ${dir}`);
    }
    current = parent;
  }
  return current;
}

/** The packages in `<root>/<group>/*`: their folder and package name. */
function listPackages(root, group) {
  const groupDir = path.join(root, group);
  if (!existsSync(groupDir)) return [];
  return readdirSync(groupDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(groupDir, entry.name))
    .filter((dir) => existsSync(path.join(dir, "package.json")))
    .map((dir) => ({
      dir,
      name: JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name,
    }));
}

function isInside(dir, parent) {
  const relative = path.relative(parent, dir);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** Resolution of imports (TypeScript files, extensionless paths, the in-repo source condition). */
function resolverSettings(packageDir) {
  const tsconfig = path.join(packageDir, "tsconfig.json");
  return {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          conditionNames: [sourceCondition, "types", "import", "browser", "node", "default"],
          ...(existsSync(tsconfig) ? { project: tsconfig } : {}),
        }),
      ],
    },
  };
}

/** No relative import leaves its package: another package is imported by its name. */
export function relativeImportsStayInPackage(packageDir) {
  return [
    {
      ...resolverSettings(packageDir),
      rules: {
        "import-x/no-relative-packages": "error",
        "import-x/no-absolute-path": "error",
      },
    },
  ];
}

/** Zones between packages: packages never import apps, apps never import each other. */
function workspaceZones(packageDir, root, apps) {
  if (isInside(packageDir, path.join(root, "packages"))) {
    return [
      {
        target: packageDir,
        from: path.join(root, "apps"),
        message: "Packages never import apps: move what both need into a package.",
      },
    ];
  }
  if (apps.some((app) => app.dir === packageDir)) {
    return apps
      .filter((app) => app.dir !== packageDir)
      .map((app) => ({
        target: packageDir,
        from: app.dir,
        message: "Apps never import each other: move what both need into a package.",
      }));
  }
  return [];
}

/** Folders of src/ that compose features: everything else under src/ imports none. */
const composingFolders = new Set(["features", "app", "routes"]);

/** Zones inside an app with src/features/: features are independent, and the layers under them too. */
function featureZones(packageDir) {
  const srcDir = path.join(packageDir, "src");
  const featuresDir = path.join(srcDir, "features");
  if (!existsSync(featuresDir)) return [];
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const lowerFolders = readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !composingFolders.has(entry.name))
    .map((entry) => path.join(srcDir, entry.name));
  return [
    ...features.map((feature) => ({
      target: path.join(featuresDir, feature),
      from: featuresDir,
      except: [`./${feature}`],
      message:
        "A feature does not import another feature: move what they share to src/app/ (app-wide state such as the session) or to a folder that knows no feature (src/domain/, src/lib/).",
    })),
    ...(lowerFolders.length > 0
      ? [
          {
            target: lowerFolders,
            from: featuresDir,
            message:
              "Only src/app/ and src/routes/ compose features: src/lib/, src/layouts/, src/domain/ and the other shared folders import none.",
          },
        ]
      : []),
  ];
}

/** Names of the apps a package may not import. */
function forbiddenAppNames(packageDir, root, apps) {
  if (isInside(packageDir, path.join(root, "packages"))) return apps.map((app) => app.name);
  if (apps.some((app) => app.dir === packageDir)) {
    return apps.filter((app) => app.dir !== packageDir).map((app) => app.name);
  }
  return [];
}

/** Every boundary for an app (apps/*) or a library package (packages/*). */
export function importBoundaries(packageDir) {
  const dir = path.resolve(packageDir);
  const root = findWorkspaceRoot(dir);
  const apps = listPackages(root, "apps");
  const zones = [...workspaceZones(dir, root, apps), ...featureZones(dir)];
  const names = forbiddenAppNames(dir, root, apps);
  return [
    ...relativeImportsStayInPackage(dir),
    {
      rules: {
        ...(zones.length > 0
          ? { "import-x/no-restricted-paths": ["error", { basePath: dir, zones }] }
          : {}),
        ...(names.length > 0
          ? {
              "@typescript-eslint/no-restricted-imports": [
                "error",
                {
                  patterns: [
                    {
                      group: names.flatMap((name) => [name, `${name}/*`]),
                      message: isInside(dir, path.join(root, "packages"))
                        ? "Packages never import apps: move what both need into a package."
                        : "Apps never import each other: move what both need into a package.",
                    },
                  ],
                },
              ],
            }
          : {}),
      },
    },
  ];
}
