import { describe, expect, it } from "vitest";
import { buildAbility } from "./ability";
import { MANAGED_ROLE_NAMES, MANAGED_ROLE_RULES } from "./managed-roles";
import { isPermissionRule } from "./rules";

describe("managed roles", () => {
  it("are all made of valid rules", () => {
    for (const name of MANAGED_ROLE_NAMES) {
      for (const rule of MANAGED_ROLE_RULES[name]) expect(isPermissionRule(rule)).toBe(true);
    }
  });

  it("let only the owner delete the team", () => {
    expect(buildAbility(MANAGED_ROLE_RULES.Owner).can("delete", "Team")).toBe(true);
    expect(buildAbility(MANAGED_ROLE_RULES.Admin).can("delete", "Team")).toBe(false);
    expect(buildAbility(MANAGED_ROLE_RULES.Admin).can("update", "Team")).toBe(true);
  });

  it("let a member send envelopes but not manage the team", () => {
    const member = buildAbility(MANAGED_ROLE_RULES.Member);
    expect(member.can("create", "Envelope")).toBe(true);
    expect(member.can("read", "Workspace")).toBe(true);
    expect(member.can("update", "Team")).toBe(false);
    expect(member.can("create", "API")).toBe(false);
  });

  it("let a viewer read but change nothing", () => {
    const viewer = buildAbility(MANAGED_ROLE_RULES.Viewer);
    expect(viewer.can("read", "Envelope")).toBe(true);
    for (const action of ["create", "update", "delete"] as const) {
      expect(viewer.can(action, "Envelope")).toBe(false);
    }
  });
});
