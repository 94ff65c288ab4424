import type { EditableRule } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";

/** The Viewer's rules and the right to administer the team's members, nothing else of the team. */
const MEMBERS_CLERK: EditableRule[] = [
  { action: "read", subject: ["Envelope", "Template", "Contact", "Workspace", "Team"] },
  { action: "update", subject: "Team", fields: ["members"] },
];

describe.each(testDatabaseKinds)("who may give which role on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  const role = (owner: TeamMember, name: string) => roleIdOf(h, owner.teamUuid, name);

  async function userUuidOf(owner: TeamMember, person: TeamMember): Promise<string> {
    const { members } = await owner.api.team.listMembers({ search: person.email });
    const found = members[0]?.userUuid;
    if (found === undefined) throw new Error(`${person.email} is not a member`);
    return found;
  }

  const rolesOf = async (owner: TeamMember) =>
    Object.fromEntries(
      (await owner.api.team.listMembers({})).members.map((m) => [m.email, m.role.name]),
    );

  const invitedEmails = async (owner: TeamMember) =>
    (await owner.api.team.listInvitations({})).invitations.map((i) => i.email);

  it("lets no Admin make itself or anyone an Owner, by a change, an invitation or an import", async () => {
    const owner = await signUpMember(h, "crown", "Crown team");
    const admin = await joinTeam(h, owner, "climber", () => role(owner, "Admin"));
    const member = await joinTeam(h, owner, "bystander", () => role(owner, "Member"));
    const ownerRole = await role(owner, "Owner");
    const before = await rolesOf(owner);

    const self = await failure(
      admin.api.team.updateMember({
        userUuid: await userUuidOf(owner, admin),
        roleUuid: ownerRole,
        firstname: "Ada",
        lastname: "climber",
      }),
    );
    expect(self.code).toBe("FORBIDDEN");
    const other = await failure(
      admin.api.team.updateMember({
        userUuid: await userUuidOf(owner, member),
        roleUuid: ownerRole,
        firstname: "Ada",
        lastname: "bystander",
      }),
    );
    expect(other).toMatchObject({
      code: "FORBIDDEN",
      message:
        "You cannot give the role Owner: only an owner of the team can make someone an owner.",
    });
    const invited = uniqueEmail("crowned");
    expect(
      (await failure(admin.api.team.invite({ email: invited, roleUuid: ownerRole }))).code,
    ).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          admin.api.team.importInvitations({
            roleUuid: ownerRole,
            invitations: [{ email: invited, firstname: "Cro", lastname: "Wned" }],
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");

    // Nothing changed: the roles are as they were and nobody was invited.
    expect(await rolesOf(owner)).toEqual(before);
    expect(await invitedEmails(owner)).toEqual([]);

    // The owner may; the Admin may still give the roles it holds whole.
    await owner.api.team.updateMember({
      userUuid: await userUuidOf(owner, member),
      roleUuid: ownerRole,
      firstname: "Ada",
      lastname: "bystander",
    });
    const { invitation } = await admin.api.team.invite({
      email: uniqueEmail("deputy"),
      roleUuid: await role(owner, "Admin"),
    });
    expect(invitation.role.name).toBe("Admin");
  });

  it("lets no Admin demote or remove an Owner", async () => {
    const owner = await signUpMember(h, "founder", "Founders team");
    const second = await joinTeam(h, owner, "cofounder", () => role(owner, "Owner"));
    const admin = await joinTeam(h, owner, "usurper", () => role(owner, "Admin"));
    const secondUuid = await userUuidOf(owner, second);
    const demote = await failure(
      admin.api.team.updateMember({
        userUuid: secondUuid,
        roleUuid: await role(owner, "Viewer"),
        firstname: "Co",
        lastname: "Founder",
      }),
    );
    expect(demote.code).toBe("FORBIDDEN");
    expect((await failure(admin.api.team.removeMember({ userUuid: secondUuid }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await rolesOf(owner))[second.email]).toBe("Owner");
    // An owner may.
    expect(await owner.api.team.removeMember({ userUuid: secondUuid })).toEqual({ removed: true });
  });

  it("lets nobody change their own role, the owner included, but lets them change their names", async () => {
    const owner = await signUpMember(h, "mirror", "Mirror team");
    const second = await joinTeam(h, owner, "twin", () => role(owner, "Owner"));
    const admin = await joinTeam(h, owner, "selfie", () => role(owner, "Admin"));
    const adminUuid = await userUuidOf(owner, admin);
    const ownSelf = await failure(
      admin.api.team.updateMember({
        userUuid: adminUuid,
        roleUuid: await role(owner, "Member"),
        firstname: "Ada",
        lastname: "selfie",
      }),
    );
    expect(ownSelf).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot change your own role.",
    });
    const ownerSelf = await failure(
      owner.api.team.updateMember({
        userUuid: await userUuidOf(owner, owner),
        roleUuid: await role(owner, "Admin"),
        firstname: "Ada",
        lastname: "mirror",
      }),
    );
    expect(ownerSelf).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot change your own role.",
    });
    const renamed = await admin.api.team.updateMember({
      userUuid: adminUuid,
      roleUuid: await role(owner, "Admin"),
      firstname: "Selma",
      lastname: "Fie",
    });
    expect(renamed.member).toMatchObject({ name: "Selma Fie", role: { name: "Admin" } });
    // Another owner may change the first owner's role.
    await second.api.team.updateMember({
      userUuid: await userUuidOf(owner, owner),
      roleUuid: await role(owner, "Admin"),
      firstname: "Ada",
      lastname: "mirror",
    });
    expect((await rolesOf(second))[owner.email]).toBe("Admin");
  });

  it("lets a role limited to the team's members field give only roles whose every right it holds", async () => {
    const owner = await signUpMember(h, "clerkowner", "Clerk team");
    const clerkRole = await owner.api.team.createRole({
      name: "Members clerk",
      permissions: MEMBERS_CLERK,
    });
    // A role updating the whole team: a check of the subject type alone would let the clerk give it.
    const teamEditor = await owner.api.team.createRole({
      name: "Team editor",
      permissions: [
        { action: "read", subject: ["Envelope", "Template", "Contact", "Workspace", "Team"] },
        { action: "update", subject: "Team" },
      ],
    });
    // Updating only the drafts of one person: the clerk's Viewer rules do not hold it either.
    const draftEditor = await owner.api.team.createRole({
      name: "Draft editor",
      permissions: [
        { action: "read", subject: ["Envelope", "Team"] },
        { action: "update", subject: "Envelope", conditions: { status: "draft" } },
      ],
    });
    const clerk = await joinTeam(h, owner, "clerk", () => clerkRole.uuid);
    const viewer = await joinTeam(h, owner, "watcher", () => role(owner, "Viewer"));

    const { invitation } = await clerk.api.team.invite({
      email: uniqueEmail("newviewer"),
      roleUuid: await role(owner, "Viewer"),
    });
    expect(invitation.role.name).toBe("Viewer");
    for (const roleUuid of [
      teamEditor.uuid,
      draftEditor.uuid,
      await role(owner, "Member"),
      await role(owner, "Admin"),
    ]) {
      const refused = await failure(
        clerk.api.team.invite({ email: uniqueEmail("beyond"), roleUuid }),
      );
      expect(refused.code).toBe("FORBIDDEN");
      const promoted = await failure(
        clerk.api.team.updateMember({
          userUuid: await userUuidOf(owner, viewer),
          roleUuid,
          firstname: "Wat",
          lastname: "Cher",
        }),
      );
      expect(promoted.code).toBe("FORBIDDEN");
    }
    const teamWide = await failure(
      clerk.api.team.invite({ email: uniqueEmail("beyond"), roleUuid: teamEditor.uuid }),
    );
    expect(teamWide.message).toBe(
      "You cannot give the role Team editor: it allows to update Team, which your role does not.",
    );
    expect((await rolesOf(owner))[viewer.email]).toBe("Viewer");
    expect(await invitedEmails(owner)).toEqual([invitation.email]);

    // The members field gives neither the roles, nor the tags, nor single sign-on or webhooks.
    expect((await failure(clerk.api.team.createRole({ name: "Mine", permissions: [] }))).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (await failure(clerk.api.tag.create({ name: "Clerk tag", color: "#ca8a04" }))).code,
    ).toBe("FORBIDDEN");
    expect((await failure(clerk.api.sso.get({}))).code).toBe("FORBIDDEN");
    expect((await failure(clerk.api.webhook.list({}))).code).toBe("FORBIDDEN");
  });

  it("lets no Admin make the Owner role the single sign-on default, and saves nothing", async () => {
    const owner = await signUpMember(h, "ssoowner", "Federated team");
    const admin = await joinTeam(h, owner, "ssoadmin", () => role(owner, "Admin"));
    const configuration = (defaultRoleUuid: string) => ({
      clientId: "paraphe",
      clientSecret: "a secret",
      issuerUrl: "https://login.example",
      authorizationUrl: "https://login.example/authorize",
      tokenUrl: "https://login.example/token",
      userinfoUrl: "https://login.example/userinfo",
      revocationUrl: "https://login.example/revoke",
      jwksUrl: "https://login.example/jwks",
      enabled: false,
      defaultRoleUuid,
    });
    const refused = await failure(admin.api.sso.save(configuration(await role(owner, "Owner"))));
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message:
        "You cannot give the role Owner: only an owner of the team can make someone an owner.",
    });
    const stored = await h.database.connection.db
      .selectFrom("ssoConfiguration")
      .select("teamId")
      .where("teamId", "=", owner.teamUuid)
      .execute();
    expect(stored).toEqual([]);
    const { configuration: saved } = await admin.api.sso.save(
      configuration(await role(owner, "Member")),
    );
    expect(saved.defaultRoleUuid).toBe(await role(owner, "Member"));
  });

  it("lets no role limited to other fields of the team administer its members", async () => {
    const owner = await signUpMember(h, "tagowner", "Tagging team");
    const tagger = await owner.api.team.createRole({
      name: "Tagger",
      permissions: [
        { action: "read", subject: ["Envelope", "Team", "Workspace"] },
        { action: "update", subject: "Team", fields: ["tags"] },
      ],
    });
    const holder = await joinTeam(h, owner, "tagger", () => tagger.uuid);
    const refused = await failure(
      holder.api.team.invite({
        email: uniqueEmail("tagged"),
        roleUuid: await role(owner, "Viewer"),
      }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    const { tag } = await holder.api.tag.create({ name: "Urgent", color: "#dc2626" });
    expect(tag.name).toBe("Urgent");
  });
});
