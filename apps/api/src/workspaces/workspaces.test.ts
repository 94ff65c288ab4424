import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("workspaces on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Workspace team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;

  async function roleId(name: string): Promise<string> {
    const role = await db()
      .selectFrom("role")
      .select("id")
      .where("teamId", "=", owner.teamUuid)
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return role.id;
  }

  async function userIdOf(person: { email: string }): Promise<string> {
    const row = await db()
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", person.email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function draftIn(workspaceUuid: string, title: string) {
    return owner.api.envelope.upload({
      workspaceUuid,
      title,
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(1) }],
    });
  }

  it("creates a workspace with the caller as its only member, and lists it with its colour and member count", async () => {
    const { workspace } = await owner.api.workspace.create({ name: " Sales ", color: "#DC2626" });
    expect(workspace).toMatchObject({
      name: "Sales",
      color: "#dc2626",
      isDefault: false,
      memberCount: 1,
    });
    const { workspaces } = await owner.api.workspace.list({});
    expect(workspaces.map((row) => row.uuid)).toContain(workspace.uuid);
    expect(workspaces[0]?.isDefault).toBe(true);
  });

  it("refuses a workspace without a name, with a name over 100 characters or a colour that is not #rrggbb", async () => {
    for (const input of [
      { name: "   ", color: "#2563eb" },
      { name: "x".repeat(101), color: "#2563eb" },
      { name: "Legal", color: "blue" },
    ]) {
      expect((await failure(owner.api.workspace.create(input))).code).toBe("VALIDATION_ERROR");
    }
  });

  it("hides a second workspace's envelopes from a teammate outside it, and shows them once they are added", async () => {
    const { workspace } = await owner.api.workspace.create({ name: "Board", color: "#7c3aed" });
    const secret = await draftIn(workspace.uuid, "Board minutes");
    const teammate = await joinTeam(h, owner, "teammate", () => roleId("Member"));

    const listed = async () =>
      (await teammate.api.envelope.list({})).envelopes.map((envelope) => envelope.uuid);
    expect(await listed()).not.toContain(secret.uuid);
    expect((await teammate.api.envelope.dashboard({})).recent.map((e) => e.uuid)).not.toContain(
      secret.uuid,
    );
    expect((await failure(teammate.api.envelope.get({ envelopeUuid: secret.uuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(teammate.api.workspace.listMembers({ workspaceUuid: workspace.uuid }))).code,
    ).toBe("NOT_FOUND");

    const answer = await owner.api.workspace.addMember({
      workspaceUuid: workspace.uuid,
      userUuid: await userIdOf(teammate),
    });
    expect(answer.members.map((member) => member.email)).toContain(teammate.email);
    expect(answer.workspace.memberCount).toBe(2);

    expect(await listed()).toContain(secret.uuid);
    expect(
      (await teammate.api.envelope.list({ workspaceUuid: workspace.uuid })).envelopes.map(
        (e) => e.uuid,
      ),
    ).toEqual([secret.uuid]);
    expect((await teammate.api.envelope.get({ envelopeUuid: secret.uuid })).title).toBe(
      "Board minutes",
    );

    await owner.api.workspace.removeMember({
      workspaceUuid: workspace.uuid,
      userUuid: await userIdOf(teammate),
    });
    expect(await listed()).not.toContain(secret.uuid);
  });

  it("offers the team's members outside the workspace as candidates and refuses a person of another team", async () => {
    const { workspace } = await owner.api.workspace.create({ name: "Ops", color: "#059669" });
    const colleague = await joinTeam(h, owner, "colleague", () => roleId("Viewer"));
    const { candidates, members } = await owner.api.workspace.listMembers({
      workspaceUuid: workspace.uuid,
    });
    expect(members.map((member) => member.email)).toEqual([owner.email]);
    expect(candidates.map((candidate) => candidate.email)).toContain(colleague.email);

    const stranger = await signUpMember(h, "stranger", "Another team");
    const refused = await failure(
      owner.api.workspace.addMember({
        workspaceUuid: workspace.uuid,
        userUuid: await userIdOf(stranger),
      }),
    );
    expect(refused.code).toBe("NOT_FOUND");
  });

  it("keeps at least one member in a workspace", async () => {
    const { workspace } = await owner.api.workspace.create({ name: "Solo", color: "#475569" });
    const refused = await failure(
      owner.api.workspace.removeMember({
        workspaceUuid: workspace.uuid,
        userUuid: await userIdOf(owner),
      }),
    );
    expect(refused.code).toBe("CONFLICT");
    expect(
      (await owner.api.workspace.listMembers({ workspaceUuid: workspace.uuid })).members,
    ).toHaveLength(1);
  });

  it("renames and recolours a workspace", async () => {
    const { workspace } = await owner.api.workspace.create({ name: "Drafts", color: "#475569" });
    const { workspace: renamed } = await owner.api.workspace.update({
      workspaceUuid: workspace.uuid,
      name: "Final",
      color: "#ea580c",
    });
    expect(renamed).toMatchObject({ uuid: workspace.uuid, name: "Final", color: "#ea580c" });
  });

  it("refuses to delete the default workspace, and deletes it once another one is the default", async () => {
    const team = await signUpMember(h, "defaults", "Default rules");
    const { workspace: second } = await team.api.workspace.create({
      name: "Second",
      color: "#2563eb",
    });
    const refused = await failure(
      team.api.workspace.delete({
        workspaceUuid: team.defaultWorkspaceUuid,
        destinationWorkspaceUuid: second.uuid,
      }),
    );
    expect(refused.code).toBe("CONFLICT");

    const { workspace: made } = await team.api.workspace.makeDefault({
      workspaceUuid: second.uuid,
    });
    expect(made.isDefault).toBe(true);
    const { workspaces } = await team.api.workspace.list({});
    expect(workspaces.filter((row) => row.isDefault).map((row) => row.uuid)).toEqual([second.uuid]);

    const moved = await team.api.workspace.delete({
      workspaceUuid: team.defaultWorkspaceUuid,
      destinationWorkspaceUuid: second.uuid,
    });
    expect(moved.deleted).toBe(true);
    expect((await team.api.workspace.list({})).workspaces.map((row) => row.uuid)).toEqual([
      second.uuid,
    ]);
  });

  it("deleting a workspace moves its envelopes and contacts to the chosen one, keeping the destination's contact on a shared email", async () => {
    const { workspace: doomed } = await owner.api.workspace.create({
      name: "Doomed",
      color: "#db2777",
    });
    const first = await draftIn(doomed.uuid, "Lease");
    const second = await draftIn(doomed.uuid, "Invoice");
    const shared = uniqueEmail("shared");
    const only = uniqueEmail("only");
    await db()
      .insertInto("contact")
      .values([
        { workspaceId: doomed.uuid, email: shared, firstname: "Moved", lastname: "Not" },
        { workspaceId: doomed.uuid, email: only, firstname: "Moved", lastname: "Yes" },
        {
          workspaceId: owner.defaultWorkspaceUuid,
          email: shared,
          firstname: "Kept",
          lastname: "Here",
        },
      ])
      .execute();

    const answer = await owner.api.workspace.delete({
      workspaceUuid: doomed.uuid,
      destinationWorkspaceUuid: owner.defaultWorkspaceUuid,
    });
    expect(answer.moved).toEqual({ envelopes: 2, contacts: 1 });

    for (const envelope of [first, second]) {
      expect((await owner.api.envelope.get({ envelopeUuid: envelope.uuid })).workspaceUuid).toBe(
        owner.defaultWorkspaceUuid,
      );
    }
    const contacts = await db()
      .selectFrom("contact")
      .select(["email", "firstname", "workspaceId"])
      .where("email", "in", [shared, only])
      .orderBy("email")
      .execute();
    expect(contacts).toEqual(
      [
        { email: shared, firstname: "Kept", workspaceId: owner.defaultWorkspaceUuid },
        { email: only, firstname: "Moved", workspaceId: owner.defaultWorkspaceUuid },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(
      await db().selectFrom("workspace").select("id").where("id", "=", doomed.uuid).execute(),
    ).toEqual([]);
  });

  it("a refused delete (destination the caller is no member of, or the workspace itself) moves nothing", async () => {
    const { workspace: kept } = await owner.api.workspace.create({
      name: "Kept",
      color: "#65a30d",
    });
    const envelope = await draftIn(kept.uuid, "Stays");
    const stranger = await signUpMember(h, "elsewhere", "Elsewhere");
    for (const destination of [stranger.defaultWorkspaceUuid, kept.uuid]) {
      const refused = await failure(
        owner.api.workspace.delete({
          workspaceUuid: kept.uuid,
          destinationWorkspaceUuid: destination,
        }),
      );
      expect(["NOT_FOUND", "VALIDATION_ERROR"]).toContain(refused.code);
    }
    expect((await owner.api.envelope.get({ envelopeUuid: envelope.uuid })).workspaceUuid).toBe(
      kept.uuid,
    );
  });

  it("a Member may read workspaces but not create, change or delete them", async () => {
    const member = await joinTeam(h, owner, "plain", () => roleId("Member"));
    expect(
      (await failure(member.api.workspace.create({ name: "Mine", color: "#2563eb" }))).code,
    ).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          member.api.workspace.update({
            workspaceUuid: owner.defaultWorkspaceUuid,
            name: "Hijacked",
            color: "#2563eb",
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect(
      (await member.api.workspace.listMembers({ workspaceUuid: owner.defaultWorkspaceUuid }))
        .members.length,
    ).toBeGreaterThan(1);
  });
});
