import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { ESLint } from "eslint";
import base from "./base.js";
import { importBoundaries, relativeImportsStayInPackage } from "./boundaries.js";

/**
 * A small workspace on disk (the rules resolve imports to files): two apps, one with features, a
 * library package and a bench-like member. The code under test is linted from memory, as if it were
 * a file of that workspace.
 */
let root;

function write(relativePath, content) {
  const file = path.join(root, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function writePackage(dir, name) {
  write(`${dir}/package.json`, JSON.stringify({ name, type: "module" }));
  write(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: { module: "Preserve", moduleResolution: "Bundler", jsx: "react-jsx" },
      include: ["src"],
    }),
  );
}

before(() => {
  root = mkdtempSync(path.join(tmpdir(), "paraphe-boundaries-"));
  write("pnpm-workspace.yaml", "packages:\n  - apps/*\n  - packages/*\n  - bench\n");
  writePackage("apps/web", "@fixture/web");
  for (const file of [
    "src/main.tsx",
    "src/app/session/session-context.ts",
    "src/routes/inbox.tsx",
    "src/lib/format.ts",
    "src/layouts/app-layout.tsx",
    "src/domain/signing-requests.ts",
    "src/test/setup.ts",
    "src/features/inbox/components/inbox-page.tsx",
    "src/features/inbox/api/inbox-queries.ts",
    "src/features/envelopes/components/envelopes-page.tsx",
  ]) {
    write(`apps/web/${file}`, "export const value = 1;\n");
  }
  writePackage("apps/api", "@fixture/api");
  write("apps/api/src/index.ts", "export const value = 1;\n");
  writePackage("packages/kit", "@fixture/kit");
  write("packages/kit/src/index.ts", "export const value = 1;\n");
  writePackage("packages/words", "@fixture/words");
  write("packages/words/src/index.ts", "export const value = 1;\n");
  writePackage("bench", "@fixture/bench");
  write("bench/src/run.ts", "export const value = 1;\n");
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The messages of one rule for `code` linted as the file `file` (relative to the workspace). */
async function lint(file, code, config) {
  const packageDir = path.join(
    root,
    file
      .split("/")
      .slice(0, file.startsWith("bench/") ? 1 : 2)
      .join("/"),
  );
  const eslint = new ESLint({
    cwd: packageDir,
    overrideConfigFile: true,
    overrideConfig: [...base, ...config(packageDir)],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const boundaries = (packageDir) => importBoundaries(packageDir);

describe("packages never import apps", () => {
  test("by package name", async () => {
    const rules = await lint(
      "packages/kit/src/use-web.ts",
      'import { value } from "@fixture/web";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, ["@typescript-eslint/no-restricted-imports"]);
  });

  test("by a subpath of the package name", async () => {
    const rules = await lint(
      "packages/kit/src/use-api.ts",
      'import { value } from "@fixture/api/testing";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, ["@typescript-eslint/no-restricted-imports"]);
  });

  test("by path", async () => {
    const rules = await lint(
      "packages/kit/src/use-web.ts",
      'import { value } from "../../../apps/web/src/lib/format";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules.toSorted(), [
      "import-x/no-relative-packages",
      "import-x/no-restricted-paths",
    ]);
  });

  test("another package by its name is allowed", async () => {
    const rules = await lint(
      "packages/kit/src/use-words.ts",
      'import { value } from "@fixture/words";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, []);
  });
});

describe("apps never import each other", () => {
  test("by package name", async () => {
    const rules = await lint(
      "apps/web/src/lib/use-api.ts",
      'import { value } from "@fixture/api";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, ["@typescript-eslint/no-restricted-imports"]);
  });

  test("by path", async () => {
    const rules = await lint(
      "apps/api/src/use-web.ts",
      'import { value } from "../../web/src/lib/format";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules.toSorted(), [
      "import-x/no-relative-packages",
      "import-x/no-restricted-paths",
    ]);
  });

  test("an app imports a package by its name", async () => {
    const rules = await lint(
      "apps/web/src/lib/use-kit.ts",
      'import { value } from "@fixture/kit";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, []);
  });
});

describe("a feature does not import another feature", () => {
  test("a feature importing another feature is an error", async () => {
    const rules = await lint(
      "apps/web/src/features/envelopes/components/uses-inbox.tsx",
      'import { value } from "../../inbox/api/inbox-queries";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, ["import-x/no-restricted-paths"]);
  });

  test("a feature imports its own files, the app, the domain and lib", async () => {
    const rules = await lint(
      "apps/web/src/features/inbox/components/inbox-list.tsx",
      [
        'import { value as a } from "../api/inbox-queries";',
        'import { value as b } from "../../../app/session/session-context";',
        'import { value as c } from "../../../domain/signing-requests";',
        'import { value as d } from "../../../lib/format";',
        "export const copy = [a, b, c, d];",
        "",
      ].join("\n"),
      boundaries,
    );
    assert.deepEqual(rules, []);
  });
});

describe("only app/ and routes/ compose features", () => {
  for (const file of [
    "apps/web/src/lib/uses-feature.ts",
    "apps/web/src/layouts/uses-feature.tsx",
    "apps/web/src/domain/uses-feature.ts",
    "apps/web/src/test/uses-feature.tsx",
  ]) {
    test(`${file.split("/")[3]}/ importing a feature is an error`, async () => {
      const rules = await lint(
        file,
        'import { value } from "../features/inbox/components/inbox-page";\nexport const copy = value;\n',
        boundaries,
      );
      assert.deepEqual(rules, ["import-x/no-restricted-paths"]);
    });
  }

  for (const file of ["apps/web/src/routes/inbox-route.tsx", "apps/web/src/app/router.tsx"]) {
    test(`${file.split("/")[3]}/ imports features`, async () => {
      const rules = await lint(
        file,
        'import { value } from "../features/inbox/components/inbox-page";\nexport const copy = value;\n',
        boundaries,
      );
      assert.deepEqual(rules, []);
    });
  }
});

describe("no relative import leaves its package", () => {
  test("a package reaching into another package's files is an error", async () => {
    const rules = await lint(
      "packages/kit/src/use-words.ts",
      'import { value } from "../../words/src/index";\nexport const copy = value;\n',
      boundaries,
    );
    assert.deepEqual(rules, ["import-x/no-relative-packages"]);
  });

  test("the piece alone applies to a member that is neither app nor package", async () => {
    const rules = await lint(
      "bench/src/uses-api.ts",
      'import { value } from "../../apps/api/src/index";\nexport const copy = value;\n',
      relativeImportsStayInPackage,
    );
    assert.deepEqual(rules, ["import-x/no-relative-packages"]);
  });

  test("a relative import inside the package is allowed", async () => {
    const rules = await lint(
      "bench/src/uses-run.ts",
      'import { value } from "./run";\nexport const copy = value;\n',
      relativeImportsStayInPackage,
    );
    assert.deepEqual(rules, []);
  });
});
