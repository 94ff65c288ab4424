import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appSrc = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const uiKitSrc = resolve(appSrc, "../../../packages/ui-kit/src");

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A module's file from an import's relative path. */
function moduleFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The folders and files the app's styles scan in the ui-kit, from `index.css`'s `@source` lines. */
function scannedUiKitPaths(): string[] {
  const css = readFileSync(join(appSrc, "index.css"), "utf8");
  return [...css.matchAll(/@source "([^"]+)";/g)].flatMap(([, source = ""]) => {
    const path = resolve(appSrc, source);
    if (!path.startsWith(uiKitSrc)) return [];
    const braces = /^(.*)\{([^}]*)\}(.*)$/.exec(path);
    if (!braces) return [path];
    const [, head = "", names = "", tail = ""] = braces;
    return names.split(",").map((name) => `${head}${name}${tail}`);
  });
}

describe("the signing app's styles", () => {
  it("scan every ui-kit module the app imports, directly or through another", () => {
    const index = readFileSync(join(uiKitSrc, "index.ts"), "utf8");
    const moduleOfName = new Map<string, string>();
    for (const [, names = "", specifier = ""] of index.matchAll(
      /export\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
    )) {
      for (const name of names.split(",")) {
        const bare = name.replace(/^\s*type\s+/, "").trim();
        const file = moduleFile(join(uiKitSrc, "index.ts"), specifier);
        if (bare && file) moduleOfName.set(bare, file);
      }
    }
    const used = new Set<string>();
    for (const file of filesUnder(appSrc).filter((path) => /(?<!\.test)\.tsx?$/.test(path))) {
      const source = readFileSync(file, "utf8");
      for (const [, names = ""] of source.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"@paraphe\/ui-kit"/g,
      )) {
        for (const name of names.split(",")) {
          const bare = name.replace(/^\s*type\s+/, "").trim();
          const module = moduleOfName.get(bare);
          if (bare && !/^\s*type\s/.test(name) && module) used.add(module);
        }
      }
    }
    // What those modules import of the ui-kit in turn.
    const pending = [...used];
    while (pending.length > 0) {
      const file = pending.pop() ?? "";
      const source = readFileSync(file, "utf8");
      for (const [, specifier = ""] of source.matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g)) {
        const imported = moduleFile(file, specifier);
        if (imported && !used.has(imported)) {
          used.add(imported);
          pending.push(imported);
        }
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const scanned = scannedUiKitPaths();
    const missing = [...used]
      .filter((file) => !scanned.some((path) => file === path || file.startsWith(`${path}/`)))
      .map((file) => relative(uiKitSrc, file));
    expect(missing).toEqual([]);
  });
});
