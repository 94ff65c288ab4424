import { endpoints } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../db/database";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { inviteTokenFromMail, roleIdOf } from "../test/members";
import { outboxMails } from "../test/outbox";

/** The tables whose rows, as text, contain `needle` or its bytes in hex (as bytea prints them). */
async function tablesHolding(db: Kysely<Database>, needle: string): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  const hex = Buffer.from(needle, "utf8").toString("hex");
  const holding: string[] = [];
  for (const { name } of tables.rows) {
    const found = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM ${sql.table(name)} AS t
      WHERE strpos(t::text, ${needle}) > 0 OR strpos(t::text, ${hex}) > 0`.execute(db);
    if (Number(found.rows[0]?.count) > 0) holding.push(name);
  }
  return holding;
}

describe.each(testDatabaseKinds)("members, invitations and seats on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    // Three seats: the owner takes one.
    h = await createIdentityHarness(kind, {}, { DEFAULT_TEAM_SEATS: "3" });
  });
  afterAll(async () => {
    await h.destroy();
  });

  const role = (owner: TeamMember, name: string) => roleIdOf(h, owner.teamUuid, name);

  it("lists the members with their role and dates, searches and pages, with the seats and roles", async () => {
    const owner = await signUpMember(h, "lister", "Listing team");
    const viewer = await joinTeam(h, owner, "zoe-viewer", () => role(owner, "Viewer"));
    const all = await owner.api.team.listMembers({});
    expect(all.total).toBe(2);
    expect(all.seats).toEqual({ used: 1, total: 3 });
    expect(all.roles.map((r) => r.name)).toEqual(["Admin", "Member", "Owner", "Viewer"]);
    // With their rules, so that the web app offers the roles its caller may give.
    expect(all.roles.find((r) => r.name === "Owner")?.permissions).toEqual([
      { action: "manage", subject: "all" },
    ]);
    expect(all.members.find((m) => m.email === owner.email)).toMatchObject({
      name: "Ada lister",
      firstname: "Ada",
      lastname: "lister",
      role: { name: "Owner", origin: "managed" },
    });
    const found = await owner.api.team.listMembers({ search: "ZOE-VIEW" });
    expect(found.members.map((m) => m.email)).toEqual([viewer.email]);
    const page = await owner.api.team.listMembers({ offset: 1, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.members).toHaveLength(1);
    // LIKE wildcards of the search are literal.
    expect((await owner.api.team.listMembers({ search: "%" })).total).toBe(0);
  });

  it("invites by email with a role: the mail in the invitee's language links to the accept page", async () => {
    const owner = await signUpMember(h, "inviter", "Inviting team");
    const email = uniqueEmail("recrue");
    const { invitation } = await owner.api.team.invite({
      email: email.toUpperCase(),
      roleUuid: await role(owner, "Viewer"),
      firstname: "Rémi",
      lastname: "Recrue",
      language: "fr",
    });
    expect(invitation).toMatchObject({
      email,
      name: "Rémi Recrue",
      role: { name: "Viewer" },
      resentCount: 0,
      expired: false,
    });
    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, email);
    expect(mail?.locale).toBe("fr");
    expect(mail?.subject).toBe("Ada inviter vous invite à rejoindre Inviting team sur Paraphe");
    // The token travels in the fragment, which browsers never send to a server.
    expect(mail?.text).toContain(`${h.t.config.webUrl}/accept-team-invite#token=`);
    expect(mail?.text).not.toContain("?token=");
    expect((await owner.api.team.listInvitations({})).invitations.map((i) => i.email)).toEqual([
      email,
    ]);
    const again = await failure(
      owner.api.team.invite({ email, roleUuid: await role(owner, "Viewer") }),
    );
    expect(again.code).toBe("CONFLICT");
  });

  it("keeps only the hash of an invitation token: no dump of the database shows it", async () => {
    const owner = await signUpMember(h, "dumper", "Dump team");
    const email = uniqueEmail("dumped");
    await owner.api.team.invite({ email, roleUuid: await role(owner, "Member") });
    const token = await inviteTokenFromMail(h, email);
    const db = h.database.connection.db;
    // The scan finds what is stored (the email); the token is nowhere, the outbox included.
    expect(await tablesHolding(db, email)).toContain("team_invitation");
    expect(await tablesHolding(db, token)).toEqual([]);
  });

  it("lets the invitee who signed in accept: they join with the role, in the default workspace", async () => {
    const owner = await signUpMember(h, "welcomer", "Welcome team");
    const email = uniqueEmail("joiner");
    await owner.api.team.invite({
      email,
      roleUuid: await role(owner, "Member"),
      firstname: "Jo",
      lastname: "Iner",
    });
    const token = await inviteTokenFromMail(h, email);
    // The app-level credential (the web app before sign-in) sees the invitation.
    const app = h.client();
    expect(await app.team.viewInvite({ token })).toMatchObject({
      email,
      teamName: "Welcome team",
      inviterName: "Ada welcomer",
      roleName: "Member",
    });
    // Nobody has signed in with that address yet.
    expect((await failure(app.team.acceptInvite({ token }))).code).toBe(
      "INVITATION_ACCOUNT_REQUIRED",
    );
    const invitee = await h.login(email);
    expect(await app.team.acceptInvite({ token })).toEqual({
      teamUuid: owner.teamUuid,
      defaultWorkspaceUuid: owner.defaultWorkspaceUuid,
    });
    const profile = await invitee.api.user.profile({});
    expect(profile).toMatchObject({
      firstname: "Jo",
      lastname: "Iner",
      team: { uuid: owner.teamUuid, role: { name: "Member" } },
    });
    const workspaces = await invitee.api.workspace.list({});
    expect(workspaces.workspaces.map((w) => w.uuid)).toEqual([owner.defaultWorkspaceUuid]);
    expect((await owner.api.team.listInvitations({})).invitations).toEqual([]);
    // Used once.
    expect((await failure(app.team.acceptInvite({ token }))).code).toBe("INVITATION_INVALID");
  });

  it("refuses a revoked or an expired invitation, and a resend replaces the link", async () => {
    const owner = await signUpMember(h, "revoker", "Revoking team");
    const app = h.client();
    const revokedEmail = uniqueEmail("revoked");
    const { invitation: revoked } = await owner.api.team.invite({
      email: revokedEmail,
      roleUuid: await role(owner, "Viewer"),
    });
    const revokedToken = await inviteTokenFromMail(h, revokedEmail);
    await h.login(revokedEmail);
    await owner.api.team.revokeInvite({ invitationUuid: revoked.uuid });
    expect((await failure(app.team.viewInvite({ token: revokedToken }))).code).toBe(
      "INVITATION_INVALID",
    );
    expect((await failure(app.team.acceptInvite({ token: revokedToken }))).code).toBe(
      "INVITATION_INVALID",
    );

    const lateEmail = uniqueEmail("late");
    const { invitation: late } = await owner.api.team.invite({
      email: lateEmail,
      roleUuid: await role(owner, "Viewer"),
    });
    const lateToken = await inviteTokenFromMail(h, lateEmail);
    const invitee = await h.login(lateEmail);
    // Its week has passed (as the clock would leave it, without ending everyone's session).
    await h.database.connection.db
      .updateTable("teamInvitation")
      .set({ expiresAt: new Date(h.now() - 60_000) })
      .where("id", "=", late.uuid)
      .execute();
    expect((await failure(app.team.acceptInvite({ token: lateToken }))).code).toBe(
      "INVITATION_INVALID",
    );
    const listed = await owner.api.team.listInvitations({});
    expect(listed.invitations.find((i) => i.uuid === late.uuid)?.expired).toBe(true);
    expect((await invitee.api.team.myInvitations({})).invitations).toEqual([]);

    const { invitation: resent } = await owner.api.team.resendInvite({
      invitationUuid: late.uuid,
    });
    expect(resent).toMatchObject({ resentCount: 1, expired: false });
    const newToken = await inviteTokenFromMail(h, lateEmail);
    expect(newToken).not.toBe(lateToken);
    expect((await failure(app.team.acceptInvite({ token: lateToken }))).code).toBe(
      "INVITATION_INVALID",
    );
    expect((await app.team.acceptInvite({ token: newToken })).teamUuid).toBe(owner.teamUuid);
  });

  it("offers the signed-in invitee their invitations and lets them join from there", async () => {
    const owner = await signUpMember(h, "onboarder", "Onboarding team");
    const email = uniqueEmail("onboarded");
    const invitee = await h.login(email);
    await owner.api.team.invite({ email, roleUuid: await role(owner, "Viewer") });
    const { invitations } = await invitee.api.team.myInvitations({});
    expect(invitations).toMatchObject([
      { teamName: "Onboarding team", inviterName: "Ada onboarder", roleName: "Viewer" },
    ]);
    const stranger = await h.login(uniqueEmail("stranger"));
    expect(
      (await failure(stranger.api.team.join({ invitationUuid: invitations[0]?.uuid ?? "" }))).code,
    ).toBe("INVITATION_INVALID");
    expect(await invitee.api.team.join({ invitationUuid: invitations[0]?.uuid ?? "" })).toEqual({
      teamUuid: owner.teamUuid,
      defaultWorkspaceUuid: owner.defaultWorkspaceUuid,
    });
  });

  it("edits a member's role and names, which are required", async () => {
    const owner = await signUpMember(h, "editor", "Editing team");
    const member = await joinTeam(h, owner, "edited", () => role(owner, "Viewer"));
    const userUuid = (await owner.api.team.listMembers({ search: "edited" })).members[0]?.userUuid;
    const { member: edited } = await owner.api.team.updateMember({
      userUuid: userUuid ?? "",
      roleUuid: await role(owner, "Admin"),
      firstname: "Eddie",
      lastname: "Ted",
    });
    expect(edited).toMatchObject({
      email: member.email,
      name: "Eddie Ted",
      role: { name: "Admin" },
    });
    const blank = await failure(
      owner.api.call(
        // Without the client's own check: proves the server's validation.
        { ...endpoints.team.updateMember, request: z.any() },
        {
          userUuid,
          roleUuid: await role(owner, "Admin"),
          firstname: " ",
          lastname: "Ted",
        },
      ),
    );
    expect(blank.code).toBe("VALIDATION_ERROR");
  });

  it("an Admin who edits a member's phone number changes the team's record only, never the number the person set on their account", async () => {
    const owner = await signUpMember(h, "phone-owner", "Phone guard team");
    const admin = await joinTeam(h, owner, "phone-admin", () => role(owner, "Admin"));
    const member = await joinTeam(h, owner, "phone-member", () => role(owner, "Member"));
    await member.api.user.updateProfile({
      firstname: "Mia",
      lastname: "Own",
      phone: "+33611111111",
      preferredLanguage: "fr",
    });
    const userUuid =
      (await owner.api.team.listMembers({ search: "phone-member" })).members[0]?.userUuid ?? "";
    const { member: edited } = await admin.api.team.updateMember({
      userUuid,
      roleUuid: await role(owner, "Member"),
      firstname: "Mia",
      lastname: "Own",
      phone: "+33622222222",
    });
    expect(edited.phone).toBe("+33622222222");
    expect((await member.api.user.profile({})).phone).toBe("+33611111111");
    expect(
      await h.database.connection.db
        .selectFrom("appUser")
        .select("phone")
        .where("id", "=", userUuid)
        .executeTakeFirstOrThrow(),
    ).toEqual({ phone: "+33611111111" });
  });

  it("keeps the team's phone number of a member apart from their account's: international, checked, changed only when sent, and listed with the join date", async () => {
    const owner = await signUpMember(h, "phoner", "Phoning team");
    const member = await joinTeam(h, owner, "called", () => role(owner, "Viewer"));
    const listed = (await owner.api.team.listMembers({ search: "called" })).members[0];
    expect(listed).toMatchObject({ email: member.email, phone: null });
    expect(Date.parse(listed?.joinedAt ?? "")).toBeGreaterThan(0);
    const userUuid = listed?.userUuid ?? "";
    const change = {
      userUuid,
      roleUuid: await role(owner, "Viewer"),
      firstname: "Cal",
      lastname: "Led",
    };
    const { member: edited } = await owner.api.team.updateMember({
      ...change,
      phone: "+33 6 12-34.56 (78)",
    });
    expect(edited.phone).toBe("+33612345678");
    // Left out of a change, it stays; null clears it.
    expect((await owner.api.team.updateMember(change)).member.phone).toBe("+33612345678");
    expect((await owner.api.team.listMembers({ search: "called" })).members[0]?.phone).toBe(
      "+33612345678",
    );
    // The team's number for them: the person's own account phone (theirs to set, where their
    // codes may go) is not written by the team.
    expect((await member.api.user.profile({})).phone).toBeNull();
    expect((await owner.api.team.updateMember({ ...change, phone: null })).member.phone).toBeNull();

    for (const phone of [
      "06 12 34 56 78",
      "+0612345678",
      "+1234567890123456",
      `+33${"1".repeat(40)}`,
    ]) {
      const refused = await failure(
        owner.api.call({ ...endpoints.team.updateMember, request: z.any() }, { ...change, phone }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.details?.map((detail) => detail.path)).toEqual(["phone"]);
    }

    // Another team's owner cannot change it, nor see the member.
    const stranger = await signUpMember(h, "stranger", "Other team");
    const refused = await failure(
      stranger.api.team.updateMember({
        ...change,
        roleUuid: await role(stranger, "Viewer"),
        phone: "+441234567890",
      }),
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await stranger.api.team.listMembers({ search: "called" })).members).toEqual([]);
    expect((await owner.api.team.listMembers({ search: "called" })).members[0]?.phone).toBeNull();
  });

  it("gives an invitation's phone number to the invitee who has none when they join", async () => {
    const owner = await signUpMember(h, "ringer", "Ringing team");
    const email = uniqueEmail("rung");
    await owner.api.team.invite({
      email,
      roleUuid: await role(owner, "Viewer"),
      phone: "+44 20 7946 0958",
    });
    const token = await inviteTokenFromMail(h, email);
    await h.login(email);
    await h.client().team.acceptInvite({ token });
    const joined = (await owner.api.team.listMembers({ search: "rung" })).members[0];
    expect(joined).toMatchObject({ email, phone: "+442079460958" });
    const refused = await failure(
      owner.api.call(
        { ...endpoints.team.invite, request: z.any() },
        {
          email: uniqueEmail("bad-phone"),
          roleUuid: await role(owner, "Viewer"),
          phone: "call me",
        },
      ),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
  });

  it("never lets a member remove themselves, nor the last owner be removed or demoted", async () => {
    const owner = await signUpMember(h, "solo", "Owner team");
    const ownerUuid = (await owner.api.team.listMembers({})).members[0]?.userUuid ?? "";
    const admin = await joinTeam(h, owner, "admin", () => role(owner, "Admin"));

    const self = await failure(owner.api.team.removeMember({ userUuid: ownerUuid }));
    expect(self).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot remove yourself from the team.",
    });
    expect((await failure(admin.api.team.removeMember({ userUuid: ownerUuid }))).code).toBe(
      "LAST_OWNER",
    );
    expect(
      (
        await failure(
          owner.api.team.updateMember({
            userUuid: ownerUuid,
            roleUuid: await role(owner, "Admin"),
            firstname: "Ada",
            lastname: "solo",
          }),
        )
      ).code,
    ).toBe("LAST_OWNER");

    // With a second owner, the second may make the first step down, then remove them.
    const adminUuid =
      (await owner.api.team.listMembers({ search: "admin" })).members[0]?.userUuid ?? "";
    await owner.api.team.updateMember({
      userUuid: adminUuid,
      roleUuid: await role(owner, "Owner"),
      firstname: "Second",
      lastname: "Owner",
    });
    await admin.api.team.updateMember({
      userUuid: ownerUuid,
      roleUuid: await role(owner, "Admin"),
      firstname: "Ada",
      lastname: "solo",
    });
    expect(await admin.api.team.removeMember({ userUuid: ownerUuid })).toEqual({ removed: true });
    expect((await failure(owner.api.team.listMembers({}))).code).toBe("FORBIDDEN");
  });

  it("when every seat is taken, refuses a full role with SEATS_FULL and accepts a Viewer", async () => {
    const owner = await signUpMember(h, "seated", "Seated team");
    await owner.api.team.invite({
      email: uniqueEmail("one"),
      roleUuid: await role(owner, "Member"),
    });
    await owner.api.team.invite({
      email: uniqueEmail("two"),
      roleUuid: await role(owner, "Admin"),
    });
    expect((await owner.api.team.listMembers({})).seats).toEqual({ used: 3, total: 3 });
    const full = await failure(
      owner.api.team.invite({ email: uniqueEmail("three"), roleUuid: await role(owner, "Member") }),
    );
    expect(full).toMatchObject({ code: "SEATS_FULL", statusCode: 409 });
    const { invitation } = await owner.api.team.invite({
      email: uniqueEmail("viewer"),
      roleUuid: await role(owner, "Viewer"),
    });
    expect(invitation.role.name).toBe("Viewer");
    // A Viewer cannot be promoted while the seats are full either.
    const viewer = await joinTeam(h, owner, "promoted", () => role(owner, "Viewer"));
    const viewerUuid =
      (await owner.api.team.listMembers({ search: viewer.email })).members[0]?.userUuid ?? "";
    expect(
      (
        await failure(
          owner.api.team.updateMember({
            userUuid: viewerUuid,
            roleUuid: await role(owner, "Member"),
            firstname: "Pro",
            lastname: "Moted",
          }),
        )
      ).code,
    ).toBe("SEATS_FULL");
  });

  it("lets concurrent invitations take no more seats than the plan has", async () => {
    const owner = await signUpMember(h, "racer", "Racing team");
    const memberRole = await role(owner, "Member");
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        owner.api.team.invite({ email: uniqueEmail(`racer${i}`), roleUuid: memberRole }),
      ),
    );
    const accepted = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as { code?: unknown }).code === "SEATS_FULL",
    );
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(4);
    expect((await owner.api.team.listMembers({})).seats).toEqual({ used: 3, total: 3 });
  });
});
