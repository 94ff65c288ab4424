import { buildAbility, MANAGED_ROLE_RULES, type PermissionRule } from "@paraphe/permissions";
import { describe, expect, it } from "vitest";
import {
  cellsWithoutReason,
  emptyGrid,
  gridFromRules,
  mayAllow,
  rulesFromGrid,
  unheldCells,
  withCell,
} from "./permission-grid";

describe("the permission grid", () => {
  it("writes allowed cells, then forbidden ones with their reason, and reads them back", () => {
    let grid = emptyGrid();
    grid = withCell(grid, "Envelope", "read", { state: "allow" });
    grid = withCell(grid, "Envelope", "delete", { state: "forbid", reason: " Legal hold " });
    grid = withCell(grid, "Contact", "create", { state: "allow" });
    const rules = rulesFromGrid(grid);
    expect(rules).toEqual([
      { action: "read", subject: "Envelope" },
      { action: "create", subject: "Contact" },
      { action: "delete", subject: "Envelope", inverted: true, reason: "Legal hold" },
    ]);
    expect(gridFromRules(rules)).toEqual(
      withCell(grid, "Envelope", "delete", { state: "forbid", reason: "Legal hold" }),
    );
  });

  it("reads rules naming several actions or subjects cell by cell", () => {
    const grid = gridFromRules([{ action: ["read", "update"], subject: ["Envelope", "Template"] }]);
    expect(grid?.Envelope.update).toEqual({ state: "allow" });
    expect(grid?.Template.read).toEqual({ state: "allow" });
    expect(grid?.Contact.read).toEqual({ state: "unset" });
  });

  it("leaves to the advanced editor what a grid cannot show", () => {
    expect(gridFromRules([{ action: "manage", subject: "Envelope" }])).toBeNull();
    expect(gridFromRules([{ action: "read", subject: "all" }])).toBeNull();
    expect(
      gridFromRules([{ action: "update", subject: "Envelope", fields: ["title"] }]),
    ).toBeNull();
    expect(
      gridFromRules([{ action: "read", subject: "Envelope", conditions: { status: "draft" } }]),
    ).toBeNull();
    expect(
      gridFromRules([
        { action: "read", subject: "Envelope" },
        { action: "read", subject: "Envelope", inverted: true, reason: "No" },
      ]),
    ).toBeNull();
    // A denial before an allowance would not take it away: the grid would change its meaning.
    expect(
      gridFromRules([
        { action: "delete", subject: "Envelope", inverted: true, reason: "No" },
        { action: "read", subject: "Contact" },
      ]),
    ).toBeNull();
    expect(gridFromRules([{ action: "fly", subject: "Envelope" }])).toBeNull();
  });

  it("refuses to allow what the editor's role does not hold, as the api does", () => {
    const admin = buildAbility(MANAGED_ROLE_RULES.Admin as PermissionRule[]);
    const limited = buildAbility([{ action: "read", subject: "Envelope" }]);
    expect(mayAllow(admin, "Envelope", "delete")).toBe(true);
    expect(mayAllow(limited, "Envelope", "read")).toBe(true);
    expect(mayAllow(limited, "Envelope", "delete")).toBe(false);
    let grid = withCell(emptyGrid(), "Envelope", "read", { state: "allow" });
    grid = withCell(grid, "Template", "update", { state: "allow" });
    grid = withCell(grid, "Team", "delete", { state: "forbid", reason: "Never" });
    expect(unheldCells(limited, grid)).toEqual([{ subject: "Template", action: "update" }]);
  });

  it("names the forbidden cells left without a reason", () => {
    let grid = withCell(emptyGrid(), "API", "create", { state: "forbid", reason: "  " });
    grid = withCell(grid, "Team", "update", { state: "forbid", reason: "Owners only" });
    expect(cellsWithoutReason(grid)).toEqual([{ subject: "API", action: "create" }]);
  });
});
