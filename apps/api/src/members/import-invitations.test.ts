import { endpoints, type Endpoint } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testDatabaseKinds } from "../test/databases";
import { failure, joinTeam, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { inviteTokenFromMail, roleIdOf } from "../test/members";
import { outboxMails } from "../test/outbox";

/** The import endpoint without the client's own check, as a client that skips it would call it. */
const uncheckedImport: Endpoint = { ...endpoints.team.importInvitations, request: z.unknown() };

describe.each(testDatabaseKinds)("importing members from a CSV file on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    // Four seats: the owner takes one.
    h = await createIdentityHarness(kind, {}, { DEFAULT_TEAM_SEATS: "4" });
  });
  afterAll(async () => {
    await h.destroy();
  });

  const role = (owner: TeamMember, name: string) => roleIdOf(h, owner.teamUuid, name);

  /** Rows of the tables an import writes to. */
  async function counts() {
    const db = h.database.connection.db;
    const count = async (table: "teamInvitation" | "mailOutbox" | "teamMember") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    return {
      invitations: await count("teamInvitation"),
      mails: await count("mailOutbox"),
      members: await count("teamMember"),
    };
  }

  it("a good import creates one pending invitation and one invitation mail per row", async () => {
    const owner = await signUpMember(h, "csv-owner", "CSV team");
    const emails = [uniqueEmail("csv-a"), uniqueEmail("csv-b"), uniqueEmail("csv-c")];
    const result = await owner.api.team.importInvitations({
      roleUuid: await role(owner, "Member"),
      language: "fr",
      invitations: emails.map((email, index) => ({
        email,
        firstname: `First${index}`,
        lastname: `Last${index}`,
        phone: index === 0 ? "+33 6 12 34 56 78" : undefined,
      })),
    });
    expect(result).toEqual({ invited: 3 });
    const pending = await owner.api.team.listInvitations({});
    expect(pending.invitations.map((i) => i.email).sort()).toEqual([...emails].sort());
    expect(pending.invitations.find((i) => i.email === emails[1])).toMatchObject({
      firstname: "First1",
      lastname: "Last1",
      role: { name: "Member" },
    });
    for (const email of emails) {
      const mails = await outboxMails(h.database.connection.db, h.t.mailKey, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.locale).toBe("fr");
      expect(mails[0]?.text).toContain("/accept-team-invite");
    }
    expect((await owner.api.team.listMembers({})).seats).toEqual({ used: 4, total: 4 });
  });

  it("gives the imported phone number to the invitee's membership, not to their account", async () => {
    const owner = await signUpMember(h, "csv-phone", "CSV phones");
    const email = uniqueEmail("csv-phone-invitee");
    await owner.api.team.importInvitations({
      roleUuid: await role(owner, "Viewer"),
      invitations: [{ email, firstname: "Phil", lastname: "Phone", phone: "+33 6 12 34 56 78" }],
    });
    const token = await inviteTokenFromMail(h, email);
    const invitee = await h.login(email);
    await h.client().team.acceptInvite({ token });
    expect(await invitee.api.user.profile({})).toMatchObject({
      firstname: "Phil",
      lastname: "Phone",
      phone: null,
    });
    const listed = await owner.api.team.listMembers({ search: email });
    expect(listed.members[0]).toMatchObject({ email, phone: "+33612345678" });
  });

  it("one bad row refuses the whole import, names the row and writes nothing", async () => {
    const owner = await signUpMember(h, "csv-broken", "Broken CSV team");
    const before = await counts();
    const error = await failure(
      owner.api.call(uncheckedImport, {
        roleUuid: await role(owner, "Viewer"),
        invitations: [
          { email: uniqueEmail("fine"), firstname: "Fine", lastname: "Row" },
          { email: uniqueEmail("fine2"), firstname: "Fine", lastname: "Row" },
          { email: uniqueEmail("fine3"), firstname: "Fine", lastname: "Row" },
          { email: "not-an-email", firstname: "", lastname: "Row", phone: "12" },
        ],
      }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.map((field) => `${field.path} ${field.message}`)).toEqual([
      "invitations.3.email invalid_email",
      "invitations.3.firstname required",
      "invitations.3.phone invalid_phone",
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses rows already in the team, already invited or twice in the file, writing nothing", async () => {
    const owner = await signUpMember(h, "csv-known", "Known CSV team");
    const viewerRole = await role(owner, "Viewer");
    const member = await joinTeam(h, owner, "csv-member", () => role(owner, "Viewer"));
    const invited = uniqueEmail("csv-invited");
    await owner.api.team.invite({ email: invited, roleUuid: viewerRole });
    const before = await counts();
    const twice = uniqueEmail("csv-twice");
    const rows = [
      { email: uniqueEmail("csv-new"), firstname: "New", lastname: "Row" },
      { email: member.email.toUpperCase(), firstname: "Mem", lastname: "Ber" },
      { email: invited, firstname: "In", lastname: "Vited" },
    ];
    const known = await failure(
      owner.api.team.importInvitations({ roleUuid: viewerRole, invitations: rows }),
    );
    expect(known.code).toBe("VALIDATION_ERROR");
    expect(known.details).toEqual([
      { path: "invitations.1.email", code: "custom", message: "already_member" },
      { path: "invitations.2.email", code: "custom", message: "already_invited" },
    ]);
    const duplicate = await failure(
      owner.api.call(uncheckedImport, {
        roleUuid: viewerRole,
        invitations: [
          { email: twice, firstname: "One", lastname: "Row" },
          { email: twice.toUpperCase(), firstname: "Two", lastname: "Row" },
        ],
      }),
    );
    expect(duplicate.details).toEqual([
      { path: "invitations.1.email", code: "custom", message: "duplicate_email" },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an import that does not fit the seats left with SEATS_FULL, unless it is of Viewers", async () => {
    const owner = await signUpMember(h, "csv-seats", "Seated CSV team");
    await owner.api.team.invite({
      email: uniqueEmail("seat1"),
      roleUuid: await role(owner, "Member"),
    });
    const rows = [1, 2, 3].map((n) => ({
      email: uniqueEmail(`csv-seat${n}`),
      firstname: "Seat",
      lastname: `Row${n}`,
    }));
    const before = await counts();
    const full = await failure(
      owner.api.team.importInvitations({
        roleUuid: await role(owner, "Member"),
        invitations: rows,
      }),
    );
    expect(full).toMatchObject({ code: "SEATS_FULL", statusCode: 409 });
    expect(await counts()).toEqual(before);
    const viewers = await owner.api.team.importInvitations({
      roleUuid: await role(owner, "Viewer"),
      invitations: rows,
    });
    expect(viewers).toEqual({ invited: 3 });
  });

  it("lets concurrent imports and invitations take no more seats than the plan has", async () => {
    const owner = await signUpMember(h, "csv-racer", "Racing CSV team");
    const memberRole = await role(owner, "Member");
    const results = await Promise.allSettled([
      ...[0, 1, 2].map((i) =>
        owner.api.team.importInvitations({
          roleUuid: memberRole,
          invitations: [
            { email: uniqueEmail(`csv-race${i}a`), firstname: "Race", lastname: "A" },
            { email: uniqueEmail(`csv-race${i}b`), firstname: "Race", lastname: "B" },
          ],
        }),
      ),
      owner.api.team.invite({ email: uniqueEmail("csv-race-single"), roleUuid: memberRole }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const seats = (await owner.api.team.listMembers({})).seats;
    expect(seats.used).toBeLessThanOrEqual(4);
  });

  it("refuses the Member and Viewer roles, and a role of another team", async () => {
    const owner = await signUpMember(h, "csv-perm", "Permission CSV team");
    const other = await signUpMember(h, "csv-other", "Other CSV team");
    const viewerRole = await role(owner, "Viewer");
    const rows = [{ email: uniqueEmail("csv-perm-row"), firstname: "Per", lastname: "Mission" }];
    for (const name of ["Member", "Viewer"]) {
      const caller = await joinTeam(h, owner, `csv-${name.toLowerCase()}`, () => role(owner, name));
      expect(
        (
          await failure(
            caller.api.team.importInvitations({ roleUuid: viewerRole, invitations: rows }),
          )
        ).code,
      ).toBe("FORBIDDEN");
    }
    const before = await counts();
    expect(
      (await failure(other.api.team.importInvitations({ roleUuid: viewerRole, invitations: rows })))
        .code,
    ).toBe("NOT_FOUND");
    expect(await counts()).toEqual(before);
  });
});
