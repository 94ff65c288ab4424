import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { endpoints } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, oneTestDatabaseKind, type TestDatabase } from "../test/databases";
import type { EndpointHandler } from "./endpoint-handler";
import { boundEndpoints } from "./register-routes";
import { routeTable, type RouteTable } from "./route-table";

const contractIds = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.keys(members).map((name) => `${group}.${name}`),
);

function isEndpointHandler(value: unknown): value is EndpointHandler {
  return (
    typeof value === "object" &&
    value !== null &&
    "endpoint" in value &&
    "credential" in value &&
    "handle" in value
  );
}

/** Every handler the route modules (`routes/**\/*.ts`, tests aside) export, by module and name. */
async function exportedHandlers(): Promise<{ name: string; handler: EndpointHandler }[]> {
  const dir = import.meta.dirname;
  const files = (await readdir(dir, { recursive: true }))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();
  const found: { name: string; handler: EndpointHandler }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(module)) {
      if (isEndpointHandler(value)) found.push({ name: `${file} ${name}`, handler: value });
    }
  }
  return found;
}

/** The exported handlers that no row of `table` binds. */
function unboundHandlers(
  exported: { name: string; handler: EndpointHandler }[],
  table: RouteTable,
): string[] {
  const bound = new Set(
    Object.values(table).flatMap((rows) => Object.values(rows) as EndpointHandler[]),
  );
  return exported.filter(({ handler }) => !bound.has(handler)).map(({ name }) => name);
}

describe("the route table", () => {
  it("binds every endpoint of the contract to the handler of that endpoint", () => {
    const bound = boundEndpoints();
    expect(bound.map(({ id }) => id)).toEqual(contractIds);
    for (const { endpoint, handler } of bound) expect(handler.endpoint).toBe(endpoint);
  });

  it("refuses an endpoint that arrives in the contract without a handler", () => {
    const arrived = {
      ...endpoints,
      envelope: {
        ...endpoints.envelope,
        arrived: { ...endpoints.envelope.send, path: "/envelope/arrived" },
      },
    };
    expect(() => boundEndpoints(routeTable, arrived)).toThrow(
      "envelope.arrived (/envelope/arrived) has no handler",
    );
  });

  it("refuses a row bound to the handler of another endpoint", () => {
    const swapped = {
      ...routeTable,
      envelope: { ...routeTable.envelope, get: routeTable.envelope.list },
    } as unknown as RouteTable;
    expect(() => boundEndpoints(swapped)).toThrow(
      "envelope.get is bound to the handler of /envelope/list",
    );
  });

  it("refuses a row for an endpoint the contract does not have", () => {
    const extra = {
      ...routeTable,
      envelope: { ...routeTable.envelope, gone: routeTable.envelope.get },
    } as unknown as RouteTable;
    expect(() => boundEndpoints(extra)).toThrow(
      "envelope.gone is bound but the contract has no such endpoint",
    );
  });

  it("binds every handler that a route module exports (a handler for no endpoint fails here)", async () => {
    const exported = await exportedHandlers();
    expect(exported.length).toBe(contractIds.length);
    expect(unboundHandlers(exported, routeTable)).toEqual([]);

    const stray = { name: "envelope/stray.ts envelopeStray", handler: routeTable.envelope.get };
    const withoutGet = {
      ...routeTable,
      envelope: { ...routeTable.envelope, get: routeTable.envelope.list },
    } as unknown as RouteTable;
    expect(unboundHandlers([stray], withoutGet)).toEqual(["envelope/stray.ts envelopeStray"]);
  });
});

describe("the api's sealed routes", () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(oneTestDatabaseKind);
    app = await createTestApp(database.connection.db);
  });
  afterAll(async () => {
    await app.destroy();
    await database.destroy();
  });

  it("answer POST at each path of the contract", () => {
    const posts = new Set(
      app.app.routes.filter((route) => route.method === "POST").map((route) => route.path),
    );
    const paths = Object.values(endpoints).flatMap((group) =>
      Object.values(group).map((endpoint) => endpoint.path),
    );
    expect(paths.filter((p) => !posts.has(p))).toEqual([]);
  });
});
