import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, type TeamMember } from "../test/envelopes";

/** The import endpoint without the client's own check, as a client that skips it would call it. */
const uncheckedImport: Endpoint = { ...endpoints.contact.import, request: z.unknown() };
const uncheckedCreate: Endpoint = { ...endpoints.contact.create, request: z.unknown() };

describe.each(testDatabaseKinds)("contacts on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Contacts team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  const emailsOf = async (member: TeamMember, search?: string) =>
    (
      await member.api.contact.list({ pageSize: 100, ...(search === undefined ? {} : { search }) })
    ).contacts.map((contact) => contact.email);

  it("creates a contact with a normalised international phone and finds it by workspace and email", async () => {
    const email = uniqueEmail("ada");
    const created = await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: email.toUpperCase(),
      firstname: "Ada",
      lastname: "Lovelace",
      phone: "+33 6 12 34 56 78",
    });
    expect(created).toMatchObject({ email, phone: "+33612345678", firstname: "Ada" });
    const found = await owner.api.contact.get({ workspaceUuid: owner.defaultWorkspaceUuid, email });
    expect(found.uuid).toBe(created.uuid);
  });

  it("refuses a second contact with the same email in a workspace with a CONFLICT on the email", async () => {
    const email = uniqueEmail("twice");
    const input = {
      workspaceUuid: owner.defaultWorkspaceUuid,
      email,
      firstname: "A",
      lastname: "B",
    };
    await owner.api.contact.create(input);
    const error = await failure(owner.api.contact.create({ ...input, firstname: "C" }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("A contact with this email already exists in this workspace.");
    expect(error.details).toEqual([{ path: "email", code: "custom", message: "contact_exists" }]);
  });

  it("the server refuses a contact without names, with an invalid email or a phone that is not international", async () => {
    const error = await failure(
      owner.api.call(uncheckedCreate, {
        workspaceUuid: owner.defaultWorkspaceUuid,
        email: "not-an-email",
        firstname: " ",
        lastname: "",
        phone: "06 12 34 56 78",
      }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((field) => field.path).sort()).toEqual([
      "email",
      "firstname",
      "lastname",
      "phone",
    ]);
  });

  it("edits a contact, its email included, and refuses an email another contact of the workspace has", async () => {
    const taken = uniqueEmail("taken");
    await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: taken,
      firstname: "Tak",
      lastname: "En",
    });
    const contact = await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: uniqueEmail("edit"),
      firstname: "Ed",
      lastname: "It",
    });
    const renamed = uniqueEmail("renamed");
    const edited = await owner.api.contact.update({
      contactUuid: contact.uuid,
      email: renamed,
      firstname: "Edith",
      lastname: "It",
      phone: "",
    });
    expect(edited).toMatchObject({ email: renamed, firstname: "Edith", phone: null });
    const error = await failure(
      owner.api.contact.update({
        contactUuid: contact.uuid,
        email: taken,
        firstname: "E",
        lastname: "I",
      }),
    );
    expect(error.code).toBe("CONFLICT");
  });

  it("deletes a contact, which is then not found", async () => {
    const contact = await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: uniqueEmail("gone"),
      firstname: "Gone",
      lastname: "Soon",
    });
    await owner.api.contact.delete({ contactUuid: contact.uuid });
    const error = await failure(
      owner.api.contact.get({ workspaceUuid: owner.defaultWorkspaceUuid, email: contact.email }),
    );
    expect(error.code).toBe("NOT_FOUND");
  });

  it("lists contacts searched by name, sorted and paged, with the total of every page", async () => {
    const team = await signUpMember(h, "lister", "Listing team");
    for (const [firstname, lastname] of [
      ["Zoe", "Zimmer"],
      ["Anna", "Zimmer"],
      ["Marc", "Zimmer"],
      ["Other", "Person"],
    ] as const) {
      await team.api.contact.create({
        workspaceUuid: team.defaultWorkspaceUuid,
        email: uniqueEmail(firstname.toLowerCase()),
        firstname,
        lastname,
      });
    }
    const first = await team.api.contact.list({
      search: "zimm",
      sort: "firstname",
      direction: "desc",
      pageSize: 2,
    });
    expect(first.total).toBe(3);
    expect(first.contacts.map((contact) => contact.firstname)).toEqual(["Zoe", "Marc"]);
    const second = await team.api.contact.list({
      search: "zimm",
      sort: "firstname",
      direction: "desc",
      pageSize: 2,
      page: 1,
    });
    expect(second.contacts.map((contact) => contact.firstname)).toEqual(["Anna"]);
  });

  it("shows a workspace's contacts only to its members: not to another team, not to a teammate outside it", async () => {
    const db = h.database.connection.db;
    const second = await db
      .insertInto("workspace")
      .values({ teamId: owner.teamUuid, name: "Private", color: "#112233", isDefault: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ownerId = await db
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("workspaceMember")
      .values({ workspaceId: second.id, userId: ownerId.id })
      .execute();
    const hidden = await owner.api.contact.create({
      workspaceUuid: second.id,
      email: uniqueEmail("private"),
      firstname: "Pri",
      lastname: "Vate",
    });
    const memberRole = await db
      .selectFrom("role")
      .select("id")
      .where("teamId", "=", owner.teamUuid)
      .where("name", "=", "Member")
      .executeTakeFirstOrThrow();
    const teammate = await joinTeam(h, owner, "teammate", () => memberRole.id);
    const stranger = await signUpMember(h, "stranger", "Stranger team");

    expect(await emailsOf(owner)).toContain(hidden.email);
    expect(await emailsOf(teammate)).not.toContain(hidden.email);
    expect(await emailsOf(stranger)).not.toContain(hidden.email);
    for (const member of [teammate, stranger]) {
      expect(
        (await failure(member.api.contact.get({ workspaceUuid: second.id, email: hidden.email })))
          .code,
      ).toBe("NOT_FOUND");
      expect((await failure(member.api.contact.delete({ contactUuid: hidden.uuid }))).code).toBe(
        "NOT_FOUND",
      );
      expect((await failure(member.api.contact.list({ workspaceUuid: second.id }))).code).toBe(
        "NOT_FOUND",
      );
    }
  });

  it("imports every row, updating a known email, and reports what it created and updated", async () => {
    const team = await signUpMember(h, "importer", "Import team");
    const known = uniqueEmail("known");
    await team.api.contact.create({
      workspaceUuid: team.defaultWorkspaceUuid,
      email: known,
      firstname: "Old",
      lastname: "Name",
    });
    const fresh = uniqueEmail("fresh");
    const result = await team.api.contact.import({
      workspaceUuid: team.defaultWorkspaceUuid,
      contacts: [
        { email: known, firstname: "New", lastname: "Name" },
        { email: fresh, firstname: "Fresh", lastname: "Row", phone: "+49 30 1234567" },
      ],
    });
    expect(result).toEqual({ created: 1, updated: 1 });
    expect(
      (await team.api.contact.get({ workspaceUuid: team.defaultWorkspaceUuid, email: known }))
        .firstname,
    ).toBe("New");
  });

  it("an import with one bad row writes nothing, and the server names the bad row", async () => {
    const team = await signUpMember(h, "all-or-nothing", "Atomic team");
    const good = uniqueEmail("good");
    const error = await failure(
      team.api.call(uncheckedImport, {
        workspaceUuid: team.defaultWorkspaceUuid,
        contacts: [
          { email: good, firstname: "Good", lastname: "Row" },
          { email: "broken", firstname: "Bad", lastname: "Row" },
        ],
      }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((field) => field.path)).toEqual(["contacts.1.email"]);
    expect(await emailsOf(team)).toEqual([]);
  });

  it("an import with the same email twice writes nothing", async () => {
    const team = await signUpMember(h, "duplicates", "Duplicate team");
    const email = uniqueEmail("twice");
    const error = await failure(
      team.api.call(uncheckedImport, {
        workspaceUuid: team.defaultWorkspaceUuid,
        contacts: [
          { email, firstname: "One", lastname: "Row" },
          { email: email.toUpperCase(), firstname: "Two", lastname: "Row" },
        ],
      }),
    );
    expect(error.details).toEqual([
      { path: "contacts.1.email", code: "custom", message: "duplicate_email" },
    ]);
    expect(await emailsOf(team)).toEqual([]);
  });

  it("a Viewer reads contacts but may not create, import or delete them", async () => {
    const db = h.database.connection.db;
    const viewerRole = await db
      .selectFrom("role")
      .select("id")
      .where("teamId", "=", owner.teamUuid)
      .where("name", "=", "Viewer")
      .executeTakeFirstOrThrow();
    const viewer = await joinTeam(h, owner, "viewer", () => viewerRole.id);
    const contact = await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: uniqueEmail("seen"),
      firstname: "Seen",
      lastname: "Only",
    });
    expect(await emailsOf(viewer)).toContain(contact.email);
    const input = { email: uniqueEmail("nope"), firstname: "No", lastname: "Pe" };
    // One call at a time: a refusal nobody awaits yet would be an unhandled rejection.
    for (const refused of [
      () => viewer.api.contact.create({ ...input, workspaceUuid: owner.defaultWorkspaceUuid }),
      () =>
        viewer.api.contact.import({ workspaceUuid: owner.defaultWorkspaceUuid, contacts: [input] }),
      () => viewer.api.contact.delete({ contactUuid: contact.uuid }),
    ]) {
      expect((await failure(refused())).code).toBe("FORBIDDEN");
    }
    expect(await emailsOf(owner)).toContain(contact.email);
  });
});
