import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, oneTestDatabaseKind, type TestDatabase } from "../test/databases";

/**
 * The table types Kysely is given (`Database` here, and the tunnel's `TunnelTables`) are written by
 * hand, beside the migrations that are the truth: this test reads both, the types through the
 * TypeScript checker and the migrated schema through the catalog, and fails where they disagree, so
 * that a migration without its types (or a type without its column) is caught before a query is.
 */

interface ColumnShape {
  nullable: boolean;
  /** Kysely lets an insert leave it out (Generated, or an insert type with undefined). */
  insertOptional: boolean;
}

type Tables = Map<string, Map<string, ColumnShape>>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The tables of the named root interfaces, read from `file` by the TypeScript checker. */
function declaredTables(roots: { file: string; type: string }[]): Tables {
  const files = roots.map((root) => path.join(import.meta.dirname, "..", root.file));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const has = (type: ts.Type, flag: ts.TypeFlags): boolean =>
    type.isUnion() ? type.types.some((part) => has(part, flag)) : (type.flags & flag) !== 0;
  const tables: Tables = new Map();
  roots.forEach((root, index) => {
    const source = program.getSourceFile(files[index] ?? "");
    if (source === undefined) throw new Error(`${root.file} is not readable`);
    let rootType: ts.Type | undefined;
    ts.forEachChild(source, (node) => {
      if (
        (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
        node.name.text === root.type
      ) {
        rootType = checker.getTypeAtLocation(node.name);
      }
    });
    if (rootType === undefined) throw new Error(`${root.type} is not declared in ${root.file}`);
    for (const table of rootType.getProperties()) {
      const tableType = checker.getTypeOfSymbol(table);
      const columns = new Map<string, ColumnShape>();
      for (const column of tableType.getProperties()) {
        const type = checker.getTypeOfSymbol(column);
        const select = type.getProperty("__select__");
        const insert = type.getProperty("__insert__");
        const selectType = select === undefined ? type : checker.getTypeOfSymbol(select);
        const insertType = insert === undefined ? type : checker.getTypeOfSymbol(insert);
        columns.set(snakeCase(column.name), {
          nullable: has(selectType, ts.TypeFlags.Null),
          // `never`: no insert writes it (a trigger does); `undefined`: an insert may leave it out.
          insertOptional: has(insertType, ts.TypeFlags.Undefined),
        });
      }
      tables.set(snakeCase(table.name), columns);
    }
  });
  return tables;
}

describe("the hand-written table types", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(oneTestDatabaseKind);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("name every table and column of the migrated schema, with its nullability and whether an insert may leave it out", async () => {
    const declared = declaredTables([
      { file: "db/database.ts", type: "Database" },
      { file: "tunnel/database-session-store.ts", type: "TunnelTables" },
    ]);
    const catalog = await database.connection.db.introspection.getTables();
    const schema = catalog.find((table) => table.name === "mail_outbox")?.schema;
    const problems: string[] = [];
    const migrated = catalog.filter(
      (table) => table.schema === schema && !table.name.startsWith("kysely_"),
    );
    for (const table of migrated) {
      const columns = declared.get(table.name);
      if (columns === undefined) {
        problems.push(`table ${table.name}: no type`);
        continue;
      }
      for (const column of table.columns) {
        const shape = columns.get(column.name);
        const where = `${table.name}.${column.name}`;
        if (shape === undefined) {
          problems.push(`${where}: no type`);
          continue;
        }
        if (shape.nullable !== column.isNullable) {
          problems.push(
            `${where}: ${column.isNullable ? "nullable" : "NOT NULL"} in the schema, ${shape.nullable ? "nullable" : "never null"} in the type`,
          );
        }
        const mayBeLeftOut =
          column.hasDefaultValue || column.isAutoIncrementing || column.isNullable;
        if (shape.insertOptional && !mayBeLeftOut && !table.isView) {
          problems.push(`${where}: an insert may leave it out, but it has no default`);
        }
      }
      for (const name of columns.keys()) {
        if (!table.columns.some((column) => column.name === name)) {
          problems.push(`${table.name}.${name}: typed, but not in the schema`);
        }
      }
    }
    for (const name of declared.keys()) {
      if (!migrated.some((table) => table.name === name)) {
        problems.push(`table ${name}: typed, but not in the schema`);
      }
    }
    expect(problems).toEqual([]);
  });
});
