import type { EditableRule } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("the roles of a team on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;
  let admin: TeamMember;
  let member: TeamMember;
  let roleIds: Record<string, string>;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Roles team");
    const roles = await owner.api.team.listRoles({});
    roleIds = Object.fromEntries(roles.roles.map((role) => [role.name, role.uuid]));
    admin = await joinTeam(h, owner, "admin", () => roleIds.Admin ?? "");
    member = await joinTeam(h, owner, "member", () => roleIds.Member ?? "");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A teammate of the owner holding the role `roleUuid`. */
  const holderOf = (name: string, roleUuid: string) => joinTeam(h, owner, name, () => roleUuid);

  const readEnvelopes: EditableRule[] = [{ action: "read", subject: ["Envelope", "Team"] }];

  it("lists the managed roles with their rules, member counts and dates, then the custom ones", async () => {
    const custom = await owner.api.team.createRole({ name: "Legal", permissions: readEnvelopes });
    const { roles } = await owner.api.team.listRoles({});
    expect(roles.map((role) => [role.name, role.origin])).toEqual([
      ["Owner", "managed"],
      ["Admin", "managed"],
      ["Member", "managed"],
      ["Viewer", "managed"],
      ["Legal", "custom"],
    ]);
    const byName = Object.fromEntries(roles.map((role) => [role.name, role]));
    expect(byName.Owner?.permissions).toEqual([{ action: "manage", subject: "all" }]);
    expect(byName.Owner?.memberCount).toBe(1);
    expect(byName.Admin?.memberCount).toBe(1);
    expect(byName.Viewer?.memberCount).toBe(0);
    expect(byName.Legal).toEqual(custom);
    expect(custom).toMatchObject({ origin: "custom", permissions: readEnvelopes, memberCount: 0 });
    expect(custom.createdAt).toBe(custom.updatedAt);
    // Members who may read the team see its roles too (to pick one, for instance).
    expect((await member.api.team.listRoles({})).roles).toHaveLength(roles.length);
  });

  it("refuses a second role of the same name, ignoring case, managed names included", async () => {
    await owner.api.team.createRole({ name: "Accounting", permissions: readEnvelopes });
    for (const name of ["accounting", "ACCOUNTING", "viewer"]) {
      const error = await failure(owner.api.team.createRole({ name, permissions: readEnvelopes }));
      expect(error.code).toBe("ROLE_NAME_TAKEN");
      expect(error.statusCode).toBe(409);
    }
    const other = await owner.api.team.createRole({ name: "Payroll", permissions: [] });
    const rename = await failure(
      owner.api.team.updateRole({ roleUuid: other.uuid, name: "Accounting" }),
    );
    expect(rename.code).toBe("ROLE_NAME_TAKEN");
  });

  it("refuses a rule whose text holds the NUL character with VALIDATION_ERROR naming the field, and creates nothing", async () => {
    const before = (await owner.api.team.listRoles({})).roles.length;
    const error = await failure(
      owner.api.team.createRole({
        name: "Nul",
        permissions: [
          { action: "read", subject: "Envelope", inverted: true, reason: "not\u0000here" },
        ],
      }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((field) => field.path)).toEqual(["permissions.0.reason"]);
    expect((await owner.api.team.listRoles({})).roles).toHaveLength(before);
  });

  it("renames a custom role and replaces its rules, moving its update date only", async () => {
    const role = await owner.api.team.createRole({ name: "Drafting", permissions: [] });
    h.advance(60_000);
    const rules: EditableRule[] = [
      { action: ["read", "update"], subject: "Envelope", conditions: { status: "draft" } },
      { action: "update", subject: "Envelope", fields: ["title"] },
      { action: "delete", subject: "Envelope", inverted: true, reason: "Drafts stay." },
    ];
    const updated = await owner.api.team.updateRole({
      roleUuid: role.uuid,
      name: "Draft editors",
      permissions: rules,
    });
    expect(updated).toMatchObject({ uuid: role.uuid, name: "Draft editors", permissions: rules });
    expect(updated.createdAt).toBe(role.createdAt);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(role.updatedAt) + 60_000,
    );
    const renamedOnly = await owner.api.team.updateRole({ roleUuid: role.uuid, name: "Drafts" });
    expect(renamedOnly.permissions).toEqual(rules);
  });

  it("keeps managed roles read-only, the Owner role first, for the owner too", async () => {
    for (const name of ["Owner", "Admin", "Member", "Viewer"]) {
      const roleUuid = roleIds[name] ?? "";
      for (const call of [
        () => owner.api.team.updateRole({ roleUuid, name: `${name} 2` }),
        () => owner.api.team.updateRole({ roleUuid, permissions: [] }),
        () => owner.api.team.deleteRole({ roleUuid }),
      ]) {
        const error = await failure(call());
        expect(error.code).toBe("ROLE_READ_ONLY");
        expect(error.statusCode).toBe(403);
      }
    }
    const owners = (await owner.api.team.listRoles({})).roles.find((r) => r.name === "Owner");
    expect(owners?.permissions).toEqual([{ action: "manage", subject: "all" }]);
  });

  it("lets only callers allowed to update the team change roles", async () => {
    const role = await owner.api.team.createRole({ name: "Auditors", permissions: [] });
    for (const call of [
      () => member.api.team.createRole({ name: "Sneaky", permissions: [] }),
      () => member.api.team.updateRole({ roleUuid: role.uuid, name: "Taken over" }),
      () => member.api.team.deleteRole({ roleUuid: role.uuid }),
    ]) {
      expect((await failure(call())).code).toBe("FORBIDDEN");
    }
    const renamed = await admin.api.team.updateRole({ roleUuid: role.uuid, name: "Auditing" });
    expect(renamed.name).toBe("Auditing");
    await admin.api.team.deleteRole({ roleUuid: role.uuid });
    const names = (await owner.api.team.listRoles({})).roles.map((r) => r.name);
    expect(names).not.toContain("Auditing");
    expect(names).not.toContain("Sneaky");
  });

  it("does not let an Admin grant what the Admin role lacks (deleting the team), but lets the owner", async () => {
    for (const permissions of [
      [{ action: "manage", subject: "all" }],
      [{ action: "delete", subject: "Team" }],
      [{ action: "manage", subject: "Team" }],
    ] satisfies EditableRule[][]) {
      const error = await failure(admin.api.team.createRole({ name: "Mighty", permissions }));
      expect(error.code).toBe("FORBIDDEN");
    }
    const modest = await admin.api.team.createRole({
      name: "Modest",
      permissions: [
        { action: "manage", subject: "Envelope" },
        { action: "delete", subject: "Team", inverted: true, reason: "Owners only." },
      ],
    });
    const error = await failure(
      admin.api.team.updateRole({
        roleUuid: modest.uuid,
        permissions: [{ action: "delete", subject: "Team" }],
      }),
    );
    expect(error.code).toBe("FORBIDDEN");
    const mighty = await owner.api.team.createRole({
      name: "Co-owners",
      permissions: [{ action: "manage", subject: "all" }],
    });
    expect(mighty.permissions).toEqual([{ action: "manage", subject: "all" }]);
  });

  it("does not let a role limited to some fields or records grant the whole subject, only what it holds", async () => {
    const limited = await owner.api.team.createRole({
      name: "Limited editors",
      permissions: [
        { action: "read", subject: ["Envelope", "Team", "Workspace"] },
        { action: "update", subject: "Team", fields: ["roles", "members"] },
        { action: "update", subject: "Envelope", conditions: { status: "draft" } },
      ],
    });
    const holder = await holderOf("limited", limited.uuid);
    for (const permissions of [
      [{ action: "update", subject: "Team" }],
      [{ action: "update", subject: "Team", fields: ["roles", "sso"] }],
      [{ action: "update", subject: "Envelope" }],
      [{ action: "update", subject: "Envelope", conditions: { status: "sent" } }],
    ] satisfies EditableRule[][]) {
      const error = await failure(holder.api.team.createRole({ name: "Wider", permissions }));
      expect(error.code).toBe("FORBIDDEN");
    }
    const refused = await failure(
      holder.api.team.createRole({
        name: "Wider",
        permissions: [{ action: "update", subject: "Team", fields: ["sso"] }],
      }),
    );
    expect(refused.message).toBe(
      "Your role does not allow you to update Team (fields sso), so you cannot give that permission to a role.",
    );
    const narrower = await holder.api.team.createRole({
      name: "Narrower",
      permissions: [
        { action: "update", subject: "Team", fields: ["members"] },
        { action: "update", subject: "Envelope", conditions: { status: "draft", ownerId: "x" } },
      ],
    });
    expect(narrower.origin).toBe("custom");
    expect((await owner.api.team.listRoles({})).roles.map((r) => r.name)).not.toContain("Wider");
  });

  it("refuses to delete a role while members hold it, then deletes it once nobody does", async () => {
    const role = await owner.api.team.createRole({ name: "Temporary", permissions: readEnvelopes });
    const holder = await holderOf("temporary", role.uuid);
    const error = await failure(owner.api.team.deleteRole({ roleUuid: role.uuid }));
    expect(error.code).toBe("ROLE_IN_USE");
    expect(error.statusCode).toBe(409);
    expect((await owner.api.team.listRoles({})).roles.map((r) => r.uuid)).toContain(role.uuid);

    await h.database.connection.db
      .updateTable("teamMember")
      .set({ roleId: roleIds.Viewer ?? "" })
      .where("teamId", "=", owner.teamUuid)
      .where("roleId", "=", role.uuid)
      .execute();
    expect(await owner.api.team.deleteRole({ roleUuid: role.uuid })).toEqual({ deleted: true });
    expect((await holder.api.team.listRoles({})).roles.map((r) => r.uuid)).not.toContain(role.uuid);
  });

  it("answers NOT_FOUND for a role of another team, which stays as it was", async () => {
    const stranger = await signUpMember(h, "stranger", "Other roles team");
    const theirs = await stranger.api.team.createRole({ name: "Theirs", permissions: [] });
    for (const call of [
      () => owner.api.team.updateRole({ roleUuid: theirs.uuid, name: "Mine" }),
      () => owner.api.team.deleteRole({ roleUuid: theirs.uuid }),
    ]) {
      expect((await failure(call())).code).toBe("NOT_FOUND");
    }
    expect((await stranger.api.team.listRoles({})).roles.at(-1)).toEqual(theirs);
    expect((await owner.api.team.listRoles({})).roles.map((r) => r.uuid)).not.toContain(
      theirs.uuid,
    );
  });

  it("a custom role that denies deleting envelopes gets 403 on delete while reading works, and a change of its rules applies on the next call", async () => {
    const role = await owner.api.team.createRole({
      name: "No deleting",
      permissions: [
        { action: "manage", subject: ["Envelope", "Contact", "Template"] },
        { action: "read", subject: ["Team", "Workspace"] },
        {
          action: "delete",
          subject: "Envelope",
          inverted: true,
          reason: "Envelopes are kept.",
        },
      ],
    });
    const holder = await holderOf("keeper", role.uuid);
    const draft = await holder.api.envelope.upload({
      files: [{ filename: "Kept.pdf", data: await tinyPdf(1) }],
    });
    expect((await holder.api.envelope.get({ envelopeUuid: draft.uuid })).uuid).toBe(draft.uuid);
    const refused = await failure(holder.api.envelope.delete({ envelopeUuid: draft.uuid }));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.statusCode).toBe(403);
    expect((await holder.api.user.profile({})).team?.rolePermissions).toContainEqual(
      expect.objectContaining({ inverted: true, reason: "Envelopes are kept." }),
    );

    await owner.api.team.updateRole({
      roleUuid: role.uuid,
      permissions: [
        { action: "manage", subject: ["Envelope", "Contact", "Template"] },
        { action: "read", subject: ["Team", "Workspace"] },
      ],
    });
    expect(await holder.api.envelope.delete({ envelopeUuid: draft.uuid })).toEqual({
      deleted: true,
    });
  });
});
