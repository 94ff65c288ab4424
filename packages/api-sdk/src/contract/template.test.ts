import { describe, expect, it } from "vitest";
import {
  createEnvelopeFromTemplateRequestSchema,
  saveTemplateRolesRequestSchema,
} from "./template";

const templateUuid = "7d1f5f0e-4c1b-4a59-8a1a-0a6a3c1f2b11";
const roleUuid = "0b9d7c3a-1e2f-4d5c-9b8a-7f6e5d4c3b2a";

const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? [] : (result.error?.issues ?? []);

describe("template role labels", () => {
  it("trims a label and keeps one of 254 characters", () => {
    const parsed = saveTemplateRolesRequestSchema.parse({
      templateUuid,
      roles: [{ label: "  Manager  " }, { label: "x".repeat(254) }],
    });
    expect(parsed.roles.map((role) => role.label)).toEqual(["Manager", "x".repeat(254)]);
  });

  it("refuses an empty label and one of 255 characters", () => {
    const result = saveTemplateRolesRequestSchema.safeParse({
      templateUuid,
      roles: [{ label: "   " }, { label: "x".repeat(255) }],
    });
    expect(issuesOf(result)).toEqual([
      expect.objectContaining({ path: ["roles", 0, "label"], message: "required" }),
      expect.objectContaining({ path: ["roles", 1, "label"], message: "too_long" }),
    ]);
  });

  it("refuses two labels that differ only by case once trimmed", () => {
    const result = saveTemplateRolesRequestSchema.safeParse({
      templateUuid,
      roles: [{ label: "Manager" }, { label: " MANAGER" }],
    });
    expect(issuesOf(result)).toEqual([
      expect.objectContaining({ path: ["roles", 1, "label"], message: "label_taken" }),
    ]);
  });
});

describe("template role kinds", () => {
  it("makes a role a signer unless it is said to be an approver", () => {
    const parsed = saveTemplateRolesRequestSchema.parse({
      templateUuid,
      roles: [{ label: "Manager", kind: "approver" }, { label: "Employee" }],
    });
    expect(parsed.roles.map((role) => role.kind)).toEqual(["approver", "signer"]);
  });

  it("refuses a kind that is neither signer nor approver", () => {
    const result = saveTemplateRolesRequestSchema.safeParse({
      templateUuid,
      roles: [{ label: "Witness", kind: "witness" }],
    });
    expect(issuesOf(result)).toEqual([expect.objectContaining({ path: ["roles", 0, "kind"] })]);
  });
});

describe("creating an envelope from a template", () => {
  it("refuses one role given twice and defaults send to false", () => {
    const person = { roleUuid, email: "Ana@Example.com", firstname: "Ana", lastname: "Lyse" };
    const parsed = createEnvelopeFromTemplateRequestSchema.parse({
      templateUuid,
      recipients: [person],
    });
    expect(parsed).toMatchObject({ send: false, recipients: [{ email: "ana@example.com" }] });
    const twice = createEnvelopeFromTemplateRequestSchema.safeParse({
      templateUuid,
      recipients: [person, { ...person, email: "bob@example.com" }],
    });
    expect(issuesOf(twice)).toEqual([
      expect.objectContaining({ path: ["recipients", 1, "roleUuid"], message: "duplicate" }),
    ]);
  });
});
