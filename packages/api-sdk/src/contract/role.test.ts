import { describe, expect, it } from "vitest";
import { createRoleRequestSchema, editableRuleSchema, ROLE_NAME_MAX_LENGTH } from "./role";

const valid = (rule: unknown) => editableRuleSchema.safeParse(rule).success;

describe("a custom role's rules", () => {
  it("accept every action and subject of spec §6, alone or in lists", () => {
    expect(valid({ action: "manage", subject: "all" })).toBe(true);
    expect(valid({ action: ["read", "update"], subject: ["Envelope", "Template", "API"] })).toBe(
      true,
    );
    expect(valid({ action: "fly", subject: "Envelope" })).toBe(false);
    expect(valid({ action: "read", subject: "Planet" })).toBe(false);
    expect(valid({ action: [], subject: "Envelope" })).toBe(false);
  });

  it("accept equality and comparison conditions on field names", () => {
    expect(
      valid({
        action: "update",
        subject: "Envelope",
        conditions: { status: "draft", ownerId: { $in: ["a", "b"] }, title: { $ne: null } },
      }),
    ).toBe(true);
  });

  it("refuse conditions that are not an object of fields, operators outside the supported ones, and empty operator objects", () => {
    for (const conditions of [
      "status = draft",
      ["status"],
      { $or: [{ status: "draft" }] },
      { title: { $regex: "^(a+)+$" } },
      { title: { $where: "sleep(1000)" } },
      { status: {} },
      { "owner.id": "x" },
      { status: { draft: true } },
    ]) {
      expect(valid({ action: "read", subject: "Envelope", conditions })).toBe(false);
    }
  });

  it("need a reason when inverted", () => {
    expect(valid({ action: "delete", subject: "Envelope", inverted: true })).toBe(false);
    expect(valid({ action: "delete", subject: "Envelope", inverted: true, reason: "  " })).toBe(
      false,
    );
    expect(
      valid({ action: "delete", subject: "Envelope", inverted: true, reason: "Kept for audit." }),
    ).toBe(true);
  });

  it("name fields by their names", () => {
    expect(valid({ action: "update", subject: "Envelope", fields: ["title"] })).toBe(true);
    expect(valid({ action: "update", subject: "Envelope", fields: [""] })).toBe(false);
  });
});

describe("a custom role", () => {
  it("needs a name, of at most the maximum length", () => {
    const parse = (name: string) => createRoleRequestSchema.safeParse({ name, permissions: [] });
    expect(parse("Legal").success).toBe(true);
    expect(parse("   ").success).toBe(false);
    expect(parse("x".repeat(ROLE_NAME_MAX_LENGTH)).success).toBe(true);
    expect(parse("x".repeat(ROLE_NAME_MAX_LENGTH + 1)).success).toBe(false);
  });
});
