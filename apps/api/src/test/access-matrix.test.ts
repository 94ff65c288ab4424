import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, type IdentityHarness } from "./identity";
import {
  createMatrixFixture,
  endpointsWithoutRow,
  formatMatrix,
  runRow,
  type CallerName,
  type MatrixFixture,
  type MatrixRow,
} from "./access-matrix";
import { accessMatrix, matrixRow } from "./access-matrix-rows";
import { testDatabaseKinds } from "./databases";

const contractEndpoints = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members).map(([name, endpoint]: [string, Endpoint]) => ({
    id: `${group}.${name}`,
    endpoint,
    row: matrixRow(group, name),
  })),
);

/** A row of the matrix, which must exist for these tests. */
function rowOf(group: string, name: string): MatrixRow {
  const row = matrixRow(group, name);
  if (row === undefined) throw new Error(`${group}.${name} has no row`);
  return row;
}

describe("the access matrix's table", () => {
  it("has a row for every endpoint of the contract", () => {
    expect(endpointsWithoutRow(endpoints, accessMatrix)).toEqual([]);
  });

  it("names an endpoint that arrives in the contract without a row", () => {
    const arrived = {
      ...endpoints,
      envelope: { ...endpoints.envelope, arrivedWithoutRow: endpoints.envelope.send },
    };
    expect(endpointsWithoutRow(arrived, accessMatrix)).toEqual(["envelope.arrivedWithoutRow"]);
  });
});

describe.each(testDatabaseKinds)("the access matrix on %s", (kind) => {
  let h: IdentityHarness;
  let fixture: MatrixFixture;
  const printed: { endpoint: string; cells: Record<CallerName, string> }[] = [];

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    fixture = await createMatrixFixture(h);
  });
  afterAll(async () => {
    console.log(`The access matrix (${kind}):\n${formatMatrix(printed)}`);
    await h.destroy();
  });

  it.each(contractEndpoints)(
    "$id: every caller gets what its row says, and a refusal changes nothing",
    async ({ id, endpoint, row }) => {
      if (row === undefined) {
        throw new Error(
          `${id} has no row in the access matrix: add one to apps/api/src/test/access-matrix-rows.ts`,
        );
      }
      const result = await runRow(fixture, endpoint, row);
      printed.push({ endpoint: endpoint.path, cells: result.cells });
      expect(result.mismatches).toEqual([]);
      if (result.sharedTarget !== null) {
        expect(result.sharedTarget.after).toEqual(result.sharedTarget.before);
      }
    },
  );

  it("reports a leak: a row that says the Viewer may not read an envelope fails on the Viewer's success", async () => {
    const get = rowOf("envelope", "get");
    const result = await runRow(fixture, endpoints.envelope.get, {
      ...get,
      expect: { ...get.expect, viewer: "FORBIDDEN" },
    });
    expect(result.mismatches).toEqual(["viewer: got ok, the matrix says FORBIDDEN"]);
    expect(result.cells.viewer).toBe("ok (want FORBIDDEN)");
  });

  it("reports a wrong refusal and a listed record that should not show", async () => {
    const update = rowOf("envelope", "update");
    const refused = await runRow(fixture, endpoints.envelope.update, {
      ...update,
      expect: { ...update.expect, viewer: "ok" },
    });
    expect(refused.mismatches).toEqual(["viewer: got FORBIDDEN, the matrix says ok"]);

    const list = rowOf("envelope", "list");
    const listed = await runRow(fixture, endpoints.envelope.list, {
      ...list,
      expect: { ...list.expect, member: "hidden" },
    });
    expect(listed.mismatches).toEqual(["member: got ok, the matrix says hidden"]);
  });
});
