import { describe, expect, it, vi } from "vitest";
import { asSubject, assertCan, buildAbility, PermissionDeniedError } from "./ability";
import { SUBJECTS } from "./rules";

describe("buildAbility", () => {
  it("lets manage cover create, read, update and delete", () => {
    const ability = buildAbility([{ action: "manage", subject: "Envelope" }]);
    for (const action of ["create", "read", "update", "delete"] as const) {
      expect(ability.can(action, "Envelope")).toBe(true);
    }
    expect(ability.can("read", "Template")).toBe(false);
  });

  it("lets the subject all cover every subject", () => {
    const ability = buildAbility([{ action: "read", subject: "all" }]);
    for (const subject of SUBJECTS) expect(ability.can("read", subject)).toBe(true);
    expect(ability.can("delete", "Envelope")).toBe(false);
  });

  it("denies what an inverted rule names, with its reason", () => {
    const ability = buildAbility([
      { action: "manage", subject: "all" },
      {
        action: "delete",
        subject: "Team",
        inverted: true,
        reason: "Only the owner can delete the team.",
      },
    ]);
    expect(ability.can("update", "Team")).toBe(true);
    expect(ability.can("delete", "Team")).toBe(false);
    expect(() => assertCan(ability, "delete", "Team")).toThrowError(
      new PermissionDeniedError("Only the owner can delete the team.", "delete", "Team"),
    );
  });

  it("applies conditions to the record being checked", () => {
    const ability = buildAbility([
      { action: "update", subject: "Envelope", conditions: { ownerEmail: "ada@example.com" } },
    ]);
    expect(ability.can("update", asSubject("Envelope", { ownerEmail: "ada@example.com" }))).toBe(
      true,
    );
    expect(ability.can("update", asSubject("Envelope", { ownerEmail: "bob@example.com" }))).toBe(
      false,
    );
    expect(() =>
      assertCan(ability, "update", asSubject("Envelope", { ownerEmail: "bob@example.com" })),
    ).toThrow(PermissionDeniedError);
  });

  it("tags a copy of the record with its subject type, readable by the caller", () => {
    const row = { ownerId: "u1" };
    const tagged = asSubject("Envelope", row);
    expect(tagged.__caslSubjectType__).toBe("Envelope");
    expect(tagged).not.toBe(row);
    expect(Object.keys(row)).toEqual(["ownerId"]);
  });

  it("restricts a rule to the fields it names", () => {
    const ability = buildAbility([{ action: "update", subject: "Team", fields: ["name"] }]);
    expect(ability.can("update", "Team", "name")).toBe(true);
    expect(ability.can("update", "Team", "rolePermissions")).toBe(false);
  });

  it("gives an empty set when the profile has no rules", () => {
    expect(buildAbility(undefined).can("read", "Envelope")).toBe(false);
    expect(buildAbility(null).rules).toEqual([]);
  });

  it("gives an empty set and reports why when a rule is malformed", () => {
    const onInvalid = vi.fn();
    const ability = buildAbility(
      [
        { action: "manage", subject: "all" },
        { action: "fly", subject: "Envelope" },
      ],
      { onInvalid },
    );
    expect(ability.can("read", "Envelope")).toBe(false);
    expect(onInvalid).toHaveBeenCalledWith('rule 1: unknown action "fly"');
  });

  it("logs and falls back to an empty set when rolePermissions is not a list", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ability = buildAbility({ action: "manage", subject: "all" });
    expect(ability.can("read", "Team")).toBe(false);
    expect(error).toHaveBeenCalledWith(
      "Failed to build the permission set: rolePermissions is not a list",
    );
  });
});
