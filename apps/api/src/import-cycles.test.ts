import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Lint's `import-x/no-cycle` ignores type-only imports; this test follows every relative import of
 * the api's modules (`import type` included) and fails on any cycle.
 */

const SRC = path.resolve(import.meta.dirname);

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /(?<!\.d|\.test)\.ts$/.test(entry.name) ? [file] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  return [`${target}.ts`, path.join(target, "index.ts"), target].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** Each module's relative imports: `import`, `import type`, `export ... from` and `import()`. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const pattern = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  return new Map(
    files.map((file) => {
      const source = readFileSync(file, "utf8");
      const targets = [...source.matchAll(pattern)].flatMap(([, specifier]) => {
        const target = specifier === undefined ? undefined : resolveImport(file, specifier);
        return target === undefined ? [] : [target];
      });
      return [file, [...new Set(targets)]];
    }),
  );
}

/** One cycle per strongly connected group of modules (Tarjan), as `a -> b -> a`. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("the api's module graph", () => {
  it("finds a cycle that goes through a type-only import", () => {
    const graph = new Map([
      ["app.ts", ["routes/health.ts"]],
      ["routes/health.ts", ["app.ts"]], // import type { AppDeps } from "../app"
      ["deps.ts", []],
    ]);
    expect(importCycles(graph)).toEqual([["app.ts", "routes/health.ts"]]);
  });

  it("has no import cycle, type-only imports included", () => {
    const cycles = importCycles(importGraph(modules(SRC))).map((group) =>
      group.map((file) => path.relative(SRC, file)).join(" -> "),
    );
    expect(cycles).toEqual([]);
  });

  it("has no cycle between its folders but those known, each named by the folders it joins", () => {
    const cycles = importCycles(folderGraph(importGraph(modules(SRC))))
      .map((group) => [...group].sort().join(" <-> "))
      .sort();
    // Knots being untied (envelopes' events, seats and workspaces next): the list may only
    // shrink. A new import that joins two folders into a cycle fails here.
    expect(cycles.filter((cycle) => !KNOWN_FOLDER_CYCLES.includes(cycle))).toEqual([]);
  });
});

/** The folder cycles the api still has, until they are untied. */
const KNOWN_FOLDER_CYCLES: readonly string[] = [
  "auth <-> http <-> identity <-> tunnel",
  "envelopes <-> webhooks <-> workspaces",
];

/**
 * The graph of the api's folders (a module at the root of `src/` stands for itself): a folder
 * imports another when one of its modules imports one of the other's. Tests are left out.
 */
function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (file: string) => path.relative(SRC, file).split(path.sep)[0] ?? file;
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === "test") continue;
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}
