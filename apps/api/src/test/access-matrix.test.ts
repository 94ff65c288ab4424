import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, type IdentityHarness } from "../identity/testing";
import {
  CALLERS,
  createMatrixFixture,
  endpointsWithoutRow,
  formatMatrix,
  madeUpLink,
  outcomeLabel,
  type CallerName,
  type MatrixFixture,
  type Outcome,
  type Target,
} from "./access-matrix";
import { accessMatrix, matrixRow, type MatrixRow } from "./access-matrix-rows";
import { testDatabaseKinds } from "./databases";

const contractEndpoints = Object.entries(endpoints).flatMap(([group, members]) =>
  Object.entries(members).map(([name, endpoint]: [string, Endpoint]) => ({
    id: `${group}.${name}`,
    endpoint,
    row: matrixRow(group, name),
  })),
);

describe("the access matrix's table", () => {
  it("has a row for every endpoint of the contract", () => {
    expect(endpointsWithoutRow(endpoints, accessMatrix)).toEqual([]);
  });

  it("names an endpoint that arrives in the contract without a row", () => {
    const arrived = {
      ...endpoints,
      envelope: { ...endpoints.envelope, resendInvitation: endpoints.envelope.send },
    };
    expect(endpointsWithoutRow(arrived, accessMatrix)).toEqual(["envelope.resendInvitation"]);
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

  async function targetOf(row: MatrixRow): Promise<Target> {
    if (row.target === undefined) {
      const envelopeUuid = crypto.randomUUID();
      return {
        envelopeUuid,
        documentUuid: envelopeUuid,
        link: madeUpLink(envelopeUuid),
        extra: "",
      };
    }
    if (row.target === "draft") return fixture.draft();
    if (row.target === "sent") return fixture.sent();
    return row.target(fixture);
  }

  /** The target envelope as its owner sees it (null when the row's target is no envelope). */
  async function ownerView(target: Target): Promise<unknown> {
    const answer = await fixture.callers.owner.call(endpoints.envelope.get, {
      envelopeUuid: target.envelopeUuid,
    });
    return answer.ok ? answer.body : null;
  }

  it.each(contractEndpoints)(
    "$id: every caller gets what its row says, and a refusal changes nothing",
    async ({ id, endpoint, row }) => {
      if (row === undefined) {
        throw new Error(
          `${id} has no row in the access matrix: add one to apps/api/src/test/access-matrix-rows.ts`,
        );
      }
      const shared = await targetOf(row);
      const before = row.mutates === true ? await ownerView(shared) : null;
      const cells = {} as Record<CallerName, string>;
      const mismatches: string[] = [];
      for (const name of CALLERS) {
        const caller = fixture.callers[name];
        const expected = row.expect[name];
        // A call that changes its target gets a fresh one where it is expected to succeed.
        const target = row.mutates === true && expected === "ok" ? await targetOf(row) : shared;
        const answer = await caller.call(endpoint, row.input(target, caller, fixture));
        const actual: Outcome | string = answer.ok
          ? row.reveals === undefined || row.reveals(answer.body, target)
            ? "ok"
            : "hidden"
          : answer.code;
        const label = outcomeLabel(actual as Outcome);
        if (actual === expected) {
          cells[name] = label;
        } else {
          cells[name] = `${label} (want ${outcomeLabel(expected)})`;
          mismatches.push(`${name}: got ${actual}, the matrix says ${expected}`);
        }
      }
      printed.push({ endpoint: endpoint.path, cells });
      expect(mismatches).toEqual([]);
      if (row.mutates === true) expect(await ownerView(shared)).toEqual(before);
    },
  );
});
