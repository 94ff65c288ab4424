import { CONFIRMATION_MISMATCH_REASON, SOLE_OWNER_REASON } from "@paraphe/api-sdk/contract";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  joinTeam,
  sentEnvelope,
  signaturePng,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { roleIdOf } from "../test/members";
import { deletedAccountEmail } from "./delete-account";
import { purgeDeletedTeamsJob } from "./job-definitions";
import { erasureJobs, erasureSweeps } from "./jobs";
import { runTeamPurge } from "./purge-team";

/** Every table of the schema, as information_schema lists them: new tables are covered too. */
async function tablesOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
     ORDER BY table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** The uuid columns of each table, from information_schema. */
async function uuidColumns(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = current_schema() AND data_type = 'uuid'`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const row of rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.column]);
  return byTable;
}

/**
 * The ids of everything that hangs off the team, found generically: starting from the team's id,
 * the `id` of every row of every table that has a uuid column holding one of the ids found so
 * far, until nothing new turns up (workspaces, envelopes, their documents, recipients, fields,
 * contacts, roles, keys, webhooks, events...).
 */
async function idsOfTeam(db: Kysely<Database>, teamId: string): Promise<Set<string>> {
  const columns = await uuidColumns(db);
  const ids = new Set([teamId]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [table, uuids] of columns) {
      if (!uuids.includes("id")) continue;
      const others = uuids.filter((column) => column !== "id");
      if (others.length === 0) continue;
      const list = [...ids];
      const { rows } = await sql<{ id: string }>`
        SELECT id::text AS id FROM ${sql.table(table)}
         WHERE ${sql.join(
           others.map((column) => sql`${sql.ref(column)}::text = ANY (${list}::text[])`),
           sql` OR `,
         )}`.execute(db);
      for (const row of rows) {
        if (!ids.has(row.id)) {
          ids.add(row.id);
          grown = true;
        }
      }
    }
  }
  return ids;
}

/** Every row of every table, as text, that names one of `ids`: `table: row`. */
async function rowsNaming(db: Kysely<Database>, ids: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesOf(db)) {
    const { rows } = await sql<{ row: string }>`
      SELECT t::text AS row FROM ${sql.table(table)} t`.execute(db);
    for (const { row } of rows) {
      if ([...ids].some((id) => row.includes(id))) found.push(`${table}: ${row}`);
    }
  }
  return found;
}

describe.each(testDatabaseKinds)("deleting a team or an account on %s", (kind) => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;
  const purge = (limit?: number) =>
    runTeamPurge({ db: db(), blobStore: h.t.blobStore, logger: h.t.logger }, limit);

  async function purgeAll(limit = 2): Promise<number> {
    let runs = 0;
    for (let more = true; more; runs++) ({ more } = await purge(limit));
    return runs;
  }

  async function everyFile(): Promise<string[]> {
    const keys: string[] = [];
    for (const prefix of ["envelopes/", "team-logos/", "avatars/"]) {
      for await (const listing of h.t.blobStore.list(prefix)) keys.push(listing.key);
    }
    return keys;
  }

  async function withRole(owner: TeamMember, name: string, role: string): Promise<TeamMember> {
    const roleId = await roleIdOf(h, owner.teamUuid, role);
    return joinTeam(h, owner, name, () => roleId);
  }

  /** A team with something in every corner: envelopes, a template, contacts, keys, webhooks... */
  async function furnishedTeam(name: string): Promise<{ owner: TeamMember; admin: TeamMember }> {
    const owner = await signUpMember(h, name, `${name} team`);
    const admin = await withRole(owner, `${name}-admin`, "Admin");
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await sentEnvelope(admin, [uniqueEmail("signer")]);
    await owner.api.envelope.upload({
      workspaceUuid: owner.defaultWorkspaceUuid,
      files: [{ filename: "Draft.pdf", data: await tinyPdf() }],
    });
    await owner.api.template.create({
      files: [{ filename: "Template.pdf", data: await tinyPdf() }],
    });
    await owner.api.contact.create({
      workspaceUuid: owner.defaultWorkspaceUuid,
      email: uniqueEmail("contact"),
      firstname: "Con",
      lastname: "Tact",
    });
    await owner.api.tag.create({ name: `${name} tag`, color: "#2563eb" });
    await owner.api.apiKey.create({ description: `${name} key`, permissions: ["read"] });
    await owner.api.webhook.create({
      url: "https://hooks.example/paraphe",
      events: ["envelope.sent"],
    });
    await owner.api.branding.uploadLogo({ contentType: "image/png", data: await signaturePng() });
    await owner.api.retention.save({ days: 90, scope: "documents" });
    await owner.api.team.invite({
      email: uniqueEmail("invitee"),
      roleUuid: await roleIdOf(h, owner.teamUuid, "Viewer"),
    });
    return { owner, admin };
  }

  it("lets an Owner only delete the team, after typing its name; a job then purges every row, file and job of it", async () => {
    const { owner, admin } = await furnishedTeam("doomed");
    const other = await furnishedTeam("kept");
    await db()
      .insertInto("teamSubscription")
      .values({
        teamId: owner.teamUuid,
        planCode: (await db().selectFrom("plan").select("code").executeTakeFirstOrThrow()).code,
        status: "active",
        billingPeriod: "monthly",
        periodStart: new Date(h.now()),
        periodEnd: new Date(h.now() + 30 * 24 * 60 * 60_000),
        provider: "embedded",
        providerReference: null,
        updatedAt: new Date(h.now()),
      })
      .execute();

    // Admins, and anyone but the team's Owners, may not.
    const byAdmin = await failure(admin.api.team.delete({ confirmName: "doomed team" }));
    expect(byAdmin.code).toBe("FORBIDDEN");
    const mistyped = await failure(owner.api.team.delete({ confirmName: "doomed" }));
    expect(mistyped.code).toBe("VALIDATION_ERROR");
    expect(mistyped.details?.[0]).toMatchObject({
      path: "confirmName",
      message: CONFIRMATION_MISMATCH_REASON,
    });
    // Another team's Owner typing this team's name deletes nothing (their own team has another).
    const crossTeam = await failure(other.owner.api.team.delete({ confirmName: "doomed team" }));
    expect(crossTeam.code).toBe("VALIDATION_ERROR");

    const ids = await idsOfTeam(db(), owner.teamUuid);
    const files = (await everyFile()).filter(
      (key) => [...ids].some((id) => key.includes(id)) || key.startsWith("team-logos/"),
    );
    const otherLogo = (
      await db()
        .selectFrom("teamBranding")
        .select("logoKey")
        .where("teamId", "=", other.owner.teamUuid)
        .executeTakeFirstOrThrow()
    ).logoKey;
    const teamFiles = files.filter((key) => !key.endsWith(otherLogo ?? "-"));
    expect(teamFiles.some((key) => key.endsWith("original.pdf"))).toBe(true);
    expect(teamFiles.some((key) => key.startsWith("team-logos/"))).toBe(true);

    await expect(owner.api.team.delete({ confirmName: " doomed team " })).resolves.toEqual({
      scheduled: true,
    });
    // Nobody gets in any more; the subscription is canceled; the purge job is queued, without
    // naming the team.
    expect((await failure(admin.api.envelope.list({ limit: 10 }))).code).toBe("FORBIDDEN");
    expect((await failure(owner.api.team.listMembers({}))).code).toBe("FORBIDDEN");
    expect(
      (
        await db()
          .selectFrom("teamSubscription")
          .select("status")
          .where("teamId", "=", owner.teamUuid)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("canceled");
    const jobs = await db()
      .selectFrom("job")
      .select(["payload", "dedupeKey"])
      .where("name", "=", purgeDeletedTeamsJob.name)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(JSON.stringify(jobs)).not.toContain(owner.teamUuid);

    // In batches of 2 envelopes: the team has 4, so three runs.
    expect(await purgeAll(2)).toBe(3);
    expect(await rowsNaming(db(), ids)).toEqual([]);
    const left = await everyFile();
    expect(left.filter((key) => teamFiles.includes(key))).toEqual([]);

    // The other team is untouched, and the people keep their accounts (without a team).
    expect((await other.owner.api.envelope.list({ limit: 10 })).envelopes).toHaveLength(3);
    expect(left.some((key) => key.endsWith(otherLogo ?? "-"))).toBe(true);
    expect((await owner.api.user.profile({})).team).toBeNull();
    const again = await owner.api.team.create({
      name: "Second life",
      firstname: "A",
      lastname: "B",
    });
    expect(again.team?.name).toBe("Second life");
    // Many calls and files on PGlite; the machine may be busy.
  }, 120_000);

  it("refuses an account deletion to a team's only Owner while it has other members, and to a wrong email", async () => {
    const owner = await signUpMember(h, "sole", "Sole team");
    const member = await withRole(owner, "sole-member", "Member");
    const wrong = await failure(owner.api.user.deleteAccount({ confirmEmail: member.email }));
    expect(wrong.code).toBe("VALIDATION_ERROR");
    expect(wrong.details?.[0]).toMatchObject({ message: CONFIRMATION_MISMATCH_REASON });
    const sole = await failure(owner.api.user.deleteAccount({ confirmEmail: owner.email }));
    expect(sole.code).toBe("CONFLICT");
    expect(sole.details?.[0]?.message).toBe(SOLE_OWNER_REASON);
    // With a second Owner, the first may go.
    const second = await withRole(owner, "second-owner", "Owner");
    await expect(
      owner.api.user.deleteAccount({ confirmEmail: owner.email.toUpperCase() }),
    ).resolves.toEqual({ deleted: true, teamDeleted: false });
    expect((await second.api.team.listMembers({})).members).toHaveLength(2);
  });

  it("deletes a member's account: personal rows and picture go, the envelopes they sent stay with the team", async () => {
    const owner = await signUpMember(h, "stays", "Stays team");
    const leaver = await withRole(owner, "leaver", "Admin");
    const envelope = await sentEnvelope(leaver, [uniqueEmail("signer")]);
    await leaver.api.user.uploadPicture({ contentType: "image/png", data: await signaturePng() });
    const { apiKey } = await leaver.api.apiKey.create({
      description: "mine",
      permissions: ["read"],
    });
    const user = await db()
      .selectFrom("appUser")
      .select("id")
      .where("email", "=", leaver.email)
      .executeTakeFirstOrThrow();
    const avatars = async () => {
      const keys: string[] = [];
      for await (const listing of h.t.blobStore.list("avatars/")) keys.push(listing.key);
      return keys;
    };
    const avatarsBefore = await avatars();

    await expect(leaver.api.user.deleteAccount({ confirmEmail: leaver.email })).resolves.toEqual({
      deleted: true,
      teamDeleted: false,
    });
    expect((await failure(leaver.api.user.profile({}))).code).toBe("AUTHENTICATION_ERROR");
    expect((await avatars()).length).toBe(avatarsBefore.length - 1);
    for (const table of [
      "userSession",
      "passkey",
      "teamMember",
      "workspaceMember",
      "supportConversation",
    ] as const) {
      const rows = await db()
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as("n"))
        .where("userId", "=", user.id)
        .executeTakeFirstOrThrow();
      expect({ table, rows: rows.n }).toEqual({ table, rows: 0 });
    }
    expect(
      await db().selectFrom("apiKey").select("id").where("id", "=", apiKey.uuid).execute(),
    ).toEqual([]);
    const closed = await db()
      .selectFrom("appUser")
      .select(["email", "phone"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ email: deletedAccountEmail(user.id), phone: null });
    // Their email remains only where the team's legal records hold it: the activity chain, and the
    // mail the team sent others in their name.
    const naming = await rowsNaming(db(), new Set([leaver.email]));
    expect(new Set(naming.map((row) => row.split(":")[0]))).toEqual(
      new Set(["activity_event", "mail_outbox"]),
    );
    expect(
      await db()
        .selectFrom("mailOutbox")
        .select("id")
        .where("toAddress", "=", leaver.email)
        .execute(),
    ).toEqual([]);

    // The team keeps the envelope, its activity and its sender's name.
    const kept = await owner.api.envelope.get({ envelopeUuid: envelope.uuid });
    expect(kept.uuid).toBe(envelope.uuid);
    expect(
      JSON.stringify(await owner.api.envelope.activity({ envelopeUuid: envelope.uuid })),
    ).toContain("envelopeSent");
    // The email is free again: signing in with it opens a new account.
    const back = await h.login(leaver.email);
    expect((await back.api.user.profile({})).team).toBeNull();
  });

  it("deletes the team with the account of its only member", async () => {
    const alone = await signUpMember(h, "alone", "Alone team");
    await sentEnvelope(alone, [uniqueEmail("signer")]);
    const ids = await idsOfTeam(db(), alone.teamUuid);
    await expect(alone.api.user.deleteAccount({ confirmEmail: alone.email })).resolves.toEqual({
      deleted: true,
      teamDeleted: true,
    });
    await purgeAll();
    expect(await rowsNaming(db(), ids)).toEqual([]);
  });

  it("resumes an interrupted purge when the worker starts: its sweep enqueues the job, which finishes it", async () => {
    const owner = await signUpMember(h, "resumed", "Resumed team");
    await sentEnvelope(owner, [uniqueEmail("signer")]);
    await owner.api.team.delete({ confirmName: "Resumed team" });
    // The job is lost (say, a database restored without it): only the team's mark remains.
    await db().deleteFrom("job").where("name", "=", purgeDeletedTeamsJob.name).execute();
    const deps = { db: db(), blobStore: h.t.blobStore, logger: h.t.logger, now: () => h.now() };
    let enqueued = 0;
    for (const sweep of erasureSweeps(deps)) enqueued += await sweep();
    expect(enqueued).toBe(1);
    const queued = await db()
      .selectFrom("job")
      .select("payload")
      .where("name", "=", purgeDeletedTeamsJob.name)
      .execute();
    expect(queued).toHaveLength(1);
    const purgeJob = erasureJobs(deps).find(
      (job) => job.definition.name === purgeDeletedTeamsJob.name,
    );
    await purgeJob?.handler(queued[0]?.payload ?? {});
    expect(
      await db().selectFrom("team").select("id").where("id", "=", owner.teamUuid).execute(),
    ).toEqual([]);
  });
});
