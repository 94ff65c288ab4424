import { buildAbility, MANAGED_ROLE_RULES } from "@paraphe/permissions";
import { describe, expect, it } from "vitest";
import { mayGiveRole, type RoleWithRules } from "./role-assignment";

const managed = (name: keyof typeof MANAGED_ROLE_RULES): RoleWithRules => ({
  uuid: `role-${name}`,
  name,
  origin: "managed",
  permissions: [...MANAGED_ROLE_RULES[name]] as unknown as Record<string, unknown>[],
});

describe("mayGiveRole", () => {
  it("lets an Owner give every role, an Admin every role but the Owner", () => {
    const owner = buildAbility([...MANAGED_ROLE_RULES.Owner]);
    const admin = buildAbility([...MANAGED_ROLE_RULES.Admin]);
    for (const name of ["Owner", "Admin", "Member", "Viewer"] as const) {
      expect(mayGiveRole(owner, { name: "Owner", origin: "managed" }, managed(name))).toBe(true);
      expect(mayGiveRole(admin, { name: "Admin", origin: "managed" }, managed(name))).toBe(
        name !== "Owner",
      );
    }
  });

  it("keeps the Owner role for an Owner even when another role holds every right", () => {
    const everything = buildAbility([{ action: "manage", subject: "all" }]);
    expect(mayGiveRole(everything, { name: "Co-owners", origin: "custom" }, managed("Owner"))).toBe(
      false,
    );
  });

  it("lets a role limited to the members field give only the roles it holds whole", () => {
    const clerk = buildAbility([
      { action: "read", subject: ["Envelope", "Template", "Contact", "Workspace", "Team"] },
      { action: "update", subject: "Team", fields: ["members"] },
    ]);
    const role = { name: "Clerk", origin: "custom" } as const;
    expect(mayGiveRole(clerk, role, managed("Viewer"))).toBe(true);
    expect(mayGiveRole(clerk, role, managed("Member"))).toBe(false);
    const teamEditor: RoleWithRules = {
      uuid: "role-editor",
      name: "Team editor",
      origin: "custom",
      permissions: [{ action: "update", subject: "Team" }],
    };
    expect(mayGiveRole(clerk, role, teamEditor)).toBe(false);
  });
});
