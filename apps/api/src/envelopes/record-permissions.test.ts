import type { PermissionRule } from "@paraphe/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, tinyPdf, type TeamMember } from "../test/envelopes";

describe.each(testDatabaseKinds)("permissions checked on the envelope itself on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Rules team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A teammate of `owner` (default workspace) with a custom role of `rules(their user id)`. */
  function teammateWithRole(
    name: string,
    rules: (userId: string) => PermissionRule[],
  ): Promise<TeamMember> {
    return joinTeam(h, owner, name, async (userId) => {
      const role = await h.database.connection.db
        .insertInto("role")
        .values({
          teamId: owner.teamUuid,
          name: `Custom ${name}`,
          origin: "custom",
          permissions: JSON.stringify(rules(userId)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return role.id;
    });
  }

  async function draftOf(member: TeamMember, title: string) {
    const draft = await member.api.envelope.upload({
      files: [{ filename: `${title}.pdf`, data: await tinyPdf(1) }],
    });
    return member.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: uniqueEmail("signer"), firstname: "Sam", lastname: "Signer" }],
    });
  }

  it("a role that may change only its own envelopes changes its draft and gets FORBIDDEN on a teammate's, which stays as it was", async () => {
    const own = await teammateWithRole("own-only", (userId) => [
      { action: ["read", "create"], subject: "Envelope" },
      { action: ["update", "delete"], subject: "Envelope", conditions: { ownerId: userId } },
      { action: "manage", subject: "Contact" },
      { action: "read", subject: "Workspace" },
    ]);
    const mine = await draftOf(own, "Mine");
    expect(
      (await own.api.envelope.update({ envelopeUuid: mine.uuid, title: "Mine, renamed" })).title,
    ).toBe("Mine, renamed");

    const theirs = await draftOf(owner, "Theirs");
    const documentUuid = theirs.documents[0]?.uuid ?? "";
    const recipientUuid = theirs.recipients[0]?.uuid ?? "";
    for (const call of [
      () => own.api.envelope.update({ envelopeUuid: theirs.uuid, title: "Taken over" }),
      () =>
        own.api.envelope.update({
          envelopeUuid: theirs.uuid,
          options: { signingOrder: "sequential" },
        }),
      () =>
        own.api.envelope.saveRecipients({
          envelopeUuid: theirs.uuid,
          recipients: [{ email: uniqueEmail("intruder"), firstname: "In", lastname: "Truder" }],
        }),
      () =>
        own.api.envelope.saveFields({
          envelopeUuid: theirs.uuid,
          fields: [
            {
              documentUuid,
              recipientUuid,
              page: 0,
              x: 0.1,
              y: 0.1,
              width: 0.3,
              height: 0.1,
              kind: "signature",
            },
          ],
        }),
      () => own.api.envelope.send({ envelopeUuid: theirs.uuid }),
      () => own.api.envelope.delete({ envelopeUuid: theirs.uuid }),
    ]) {
      const error = await failure(call());
      expect(error.code).toBe("FORBIDDEN");
      expect(error.statusCode).toBe(403);
    }
    const after = await owner.api.envelope.get({ envelopeUuid: theirs.uuid });
    expect(after).toMatchObject({ title: "Theirs", status: "draft", fields: [] });
    expect(after.options.signingOrder).toBe(theirs.options.signingOrder);
    expect(after.recipients).toEqual(theirs.recipients);
  });

  it("a role that may read only its own envelopes does not see a teammate's: NOT_FOUND, and left out of the list and the dashboard", async () => {
    const reader = await teammateWithRole("own-reader", (userId) => [
      { action: "manage", subject: "Envelope", conditions: { ownerId: userId } },
      { action: "read", subject: "Workspace" },
    ]);
    const theirs = await draftOf(owner, "Private");
    const error = await failure(reader.api.envelope.get({ envelopeUuid: theirs.uuid }));
    expect(error.code).toBe("NOT_FOUND");
    const mine = await draftOf(reader, "Readable");
    expect((await reader.api.envelope.get({ envelopeUuid: mine.uuid })).title).toBe("Readable");

    const listed = await reader.api.envelope.list({ filter: "draft" });
    expect(listed.envelopes.map((envelope) => envelope.uuid)).toEqual([mine.uuid]);
    const dashboard = await reader.api.envelope.dashboard({});
    expect(dashboard.drafts).toBe(1);
    expect(dashboard.recent.map((envelope) => envelope.uuid)).toEqual([mine.uuid]);
    // The owner, whose role reads every envelope, sees both.
    const all = await owner.api.envelope.list({ filter: "draft" });
    expect(all.envelopes.map((envelope) => envelope.uuid)).toEqual(
      expect.arrayContaining([mine.uuid, theirs.uuid]),
    );
  });

  it("field rules apply: a role that may change only the title renames and gets FORBIDDEN on options, recipients, fields and sending", async () => {
    const titler = await teammateWithRole("titler", () => [
      { action: "read", subject: "Envelope" },
      { action: "update", subject: "Envelope", fields: ["title"] },
      { action: "read", subject: "Workspace" },
    ]);
    const draft = await draftOf(owner, "Named");
    expect(
      (await titler.api.envelope.update({ envelopeUuid: draft.uuid, title: "Better name" })).title,
    ).toBe("Better name");
    for (const call of [
      () => titler.api.envelope.update({ envelopeUuid: draft.uuid, options: { reminderDays: 3 } }),
      () =>
        titler.api.envelope.saveRecipients({
          envelopeUuid: draft.uuid,
          recipients: [{ email: uniqueEmail("other"), firstname: "Oth", lastname: "Er" }],
        }),
      () => titler.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields: [] }),
      () => titler.api.envelope.send({ envelopeUuid: draft.uuid }),
    ]) {
      expect((await failure(call())).code).toBe("FORBIDDEN");
    }
    const after = await owner.api.envelope.get({ envelopeUuid: draft.uuid });
    expect(after.status).toBe("draft");
    expect(after.options.reminderDays).toBe(draft.options.reminderDays);
    expect(after.recipients).toEqual(draft.recipients);
  });

  it("a role that may create envelopes in one workspace only gets FORBIDDEN uploading to another, and nothing is stored", async () => {
    const db = h.database.connection.db;
    const legal = await db
      .insertInto("workspace")
      .values({ teamId: owner.teamUuid, name: "Legal", color: "#336699" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const scoped = await teammateWithRole("scoped", () => [
      {
        action: "create",
        subject: "Envelope",
        conditions: { workspaceId: owner.defaultWorkspaceUuid },
      },
      { action: ["read", "update"], subject: "Envelope" },
      { action: "read", subject: "Workspace" },
    ]);
    const user = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", scoped.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("workspaceMember")
      .values({ workspaceId: legal.id, userId: user.id })
      .execute();

    const files = [{ filename: "Scoped.pdf", data: await tinyPdf(1) }];
    const refused = await failure(scoped.api.envelope.upload({ workspaceUuid: legal.id, files }));
    expect(refused.code).toBe("FORBIDDEN");
    const inLegal = await db
      .selectFrom("envelope")
      .select("id")
      .where("workspaceId", "=", legal.id)
      .execute();
    expect(inLegal).toEqual([]);
    const allowed = await scoped.api.envelope.upload({ files });
    expect(allowed.status).toBe("draft");
  });

  it("a role that may change envelopes in one workspace only cannot move one out of it", async () => {
    const db = h.database.connection.db;
    const archive = await db
      .insertInto("workspace")
      .values({ teamId: owner.teamUuid, name: "Archive", color: "#663399" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const keeper = await teammateWithRole("keeper", () => [
      { action: ["read", "create"], subject: "Envelope" },
      {
        action: "update",
        subject: "Envelope",
        conditions: { workspaceId: owner.defaultWorkspaceUuid },
      },
      { action: "read", subject: "Workspace" },
    ]);
    const user = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", keeper.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("workspaceMember")
      .values({ workspaceId: archive.id, userId: user.id })
      .execute();
    const draft = await draftOf(keeper, "Stays");
    const refused = await failure(
      keeper.api.envelope.move({ envelopeUuid: draft.uuid, workspaceUuid: archive.id }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    expect((await keeper.api.envelope.get({ envelopeUuid: draft.uuid })).workspaceUuid).toBe(
      owner.defaultWorkspaceUuid,
    );
  });

  it("saving recipients to contacts needs the Contact permission: create for a new contact, update for a known one", async () => {
    const noContacts = await teammateWithRole("no-contacts", () => [
      { action: "manage", subject: "Envelope" },
      { action: "read", subject: "Workspace" },
    ]);
    const createOnly = await teammateWithRole("create-contacts", () => [
      { action: "manage", subject: "Envelope" },
      { action: "create", subject: "Contact" },
      { action: "read", subject: "Workspace" },
    ]);
    const db = h.database.connection.db;
    const contactsOf = (email: string) =>
      db
        .selectFrom("contact")
        .select(["firstname", "lastname"])
        .where("workspaceId", "=", owner.defaultWorkspaceUuid)
        .where("email", "=", email)
        .execute();

    const draft = await draftOf(noContacts, "Contacts");
    const email = uniqueEmail("contact");
    const recipient = { email, firstname: "Cora", lastname: "Contact" };
    const refused = await failure(
      noContacts.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [{ ...recipient, saveToContacts: true }],
      }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    expect(await contactsOf(email)).toEqual([]);
    expect((await noContacts.api.envelope.get({ envelopeUuid: draft.uuid })).recipients).toEqual(
      draft.recipients,
    );
    // The same recipients without writing contacts are fine.
    const saved = await noContacts.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [recipient],
    });
    expect(saved.recipients.map((r) => r.email)).toEqual([email]);

    // Create but not update: a new contact is saved, changing it afterwards is refused.
    await createOnly.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ ...recipient, saveToContacts: true }],
    });
    expect(await contactsOf(email)).toEqual([{ firstname: "Cora", lastname: "Contact" }]);
    const update = await failure(
      createOnly.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [{ ...recipient, firstname: "Corinne", saveToContacts: true }],
      }),
    );
    expect(update.code).toBe("FORBIDDEN");
    expect(await contactsOf(email)).toEqual([{ firstname: "Cora", lastname: "Contact" }]);
  });
});
