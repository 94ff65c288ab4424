import type { BulkSendRow, TemplateRoleInput } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnvelopeDeps } from "../envelopes/envelope-deps";
import { testDatabaseKinds } from "../test/databases";
import { failure, mailsTo, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { signableTemplate } from "../test/templates";
import { runBulkSend } from "./bulk-send-job";

describe.each(testDatabaseKinds)("bulk send from a template on %s", (kind) => {
  let h: IdentityHarness;
  let owner: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    owner = await signUpMember(h, "owner", "Bulk team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A template with the roles Employee and Manager (or `roles`), each with a signature field. */
  async function template(
    status: "active" | "draft" | "archived" = "active",
    roles: TemplateRoleInput[] = [{ label: "Employee" }, { label: "Manager" }],
  ) {
    const created = await signableTemplate(owner, {
      title: "Onboarding",
      roles,
      activate: status !== "draft",
    });
    if (status === "archived") await owner.api.template.archive({ templateUuid: created.uuid });
    return created.uuid;
  }

  const row = (n: number, employee = uniqueEmail(`employee${n}`)): BulkSendRow => ({
    recipients: [
      { role: "Employee", email: employee, firstname: "Emma", lastname: `Employee ${n}` },
      { role: "manager", email: uniqueEmail(`manager${n}`), firstname: "Max", lastname: "Manager" },
    ],
    title: `Onboarding ${n}`,
  });

  const db = () => h.database.connection.db;
  const envelopeCount = async () =>
    Number(
      (
        await db()
          .selectFrom("envelope")
          .select(({ fn }) => fn.countAll().as("n"))
          .where("kind", "=", "envelope")
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("sends 24 envelopes of 25 rows and reports the bad row with its reason, column and value, writing nothing of it", async () => {
    const templateUuid = await template();
    const bad = row(13);
    const badManager = bad.recipients[1]?.email ?? "";
    const rows = Array.from({ length: 25 }, (_, index) =>
      index === 12
        ? {
            ...bad,
            recipients: [{ ...bad.recipients[0], email: "not-an-email" }, bad.recipients[1]],
          }
        : row(index + 1),
    ) as BulkSendRow[];
    const before = await envelopeCount();
    const started = await owner.api.template.bulkSend({ templateUuid, rows });
    expect(started).toMatchObject({ status: "running", total: 25, sent: 0, failed: 0 });

    await h.t.jobs.runUntilIdle();

    const status = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    expect(status.bulkSend).toMatchObject({ status: "done", total: 25, sent: 24, failed: 1 });
    expect(status.rows).toHaveLength(25);
    expect(status.rows[12]).toEqual({
      row: 13,
      status: "error",
      envelopeUuid: null,
      reason: "invalid_email",
      column: "employee email",
      value: "not-an-email",
    });
    const sent = status.rows.filter((result) => result.status === "ok");
    expect(sent).toHaveLength(24);
    expect(await envelopeCount()).toBe(before + 24);
    const first = await owner.api.envelope.get({ envelopeUuid: sent[0]?.envelopeUuid ?? "" });
    expect(first).toMatchObject({ status: "signing", title: "Onboarding 1" });
    // Nothing of the bad row: no envelope, no recipient, no mail for its valid person.
    const traces = await db()
      .selectFrom("recipient")
      .select("id")
      .where("email", "in", [badManager, "not-an-email"])
      .execute();
    expect(traces).toEqual([]);
    expect(await mailsTo(h, badManager)).toEqual([]);
    expect(await mailsTo(h, rows[0]?.recipients[0]?.email ?? "")).toHaveLength(1);

    const listed = await owner.api.template.listBulkSends({ templateUuid });
    expect(listed.bulkSends.map((bulkSend) => bulkSend.uuid)).toEqual([started.uuid]);
  });

  it("reports a row with a missing role, an unknown role or twice the same email", async () => {
    const templateUuid = await template();
    const same = uniqueEmail("same");
    const good = row(1);
    const started = await owner.api.template.bulkSend({
      templateUuid,
      rows: [
        {
          recipients: [good.recipients[0] ?? { role: "", email: "", firstname: "", lastname: "" }],
        },
        {
          recipients: [
            ...good.recipients,
            { role: "Witness", email: uniqueEmail("w"), firstname: "W", lastname: "W" },
          ],
        },
        {
          recipients: [
            { role: "Employee", email: same, firstname: "A", lastname: "A" },
            { role: "Manager", email: same.toUpperCase(), firstname: "B", lastname: "B" },
          ],
        },
      ],
    });
    await h.t.jobs.runUntilIdle();
    const status = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    expect(status.rows.map((result) => result.reason)).toEqual([
      "missing_recipient",
      "unknown_role",
      "duplicate_email",
    ]);
    // The duplicate is named by its column and value; a role problem names no one cell.
    expect(status.rows.map((result) => [result.column, result.value])).toEqual([
      [null, null],
      [null, null],
      ["manager email", same.toUpperCase()],
    ]);
    expect(status.bulkSend).toMatchObject({ status: "done", sent: 0, failed: 3 });
  });

  it("gives a role checked by SMS the phone of its row, and reports a row without one, and one with a wrong one by its cell", async () => {
    const templateUuid = await template("active", [
      { label: "Tenant", verification: "sms_code" },
      { label: "Landlord" },
    ]);
    const lease = (tenantPhone: string | undefined): BulkSendRow => ({
      recipients: [
        {
          role: "tenant",
          email: uniqueEmail("tenant"),
          firstname: "Tia",
          lastname: "Tenant",
          ...(tenantPhone === undefined ? {} : { phone: tenantPhone }),
        },
        // A phone for a role without the SMS check is kept, not required.
        { role: "Landlord", email: uniqueEmail("landlord"), firstname: "Lou", lastname: "L" },
      ],
    });
    const started = await owner.api.template.bulkSend({
      templateUuid,
      rows: [lease("+33 6 12 34 56 78"), lease(undefined), lease("  "), lease("06 12")],
    });
    await h.t.jobs.runUntilIdle();
    const status = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    expect(status.rows.map((result) => [result.reason, result.column, result.value])).toEqual([
      [null, null, null],
      ["missing_phone", null, null],
      ["missing_phone", null, null],
      ["invalid_phone", "tenant phone", "06 12"],
    ]);
    const sent = await owner.api.envelope.get({ envelopeUuid: status.rows[0]?.envelopeUuid ?? "" });
    expect(sent.recipients.find((person) => person.firstname === "Tia")).toMatchObject({
      verification: "sms_code",
      phone: "+33612345678",
    });
    expect(status.bulkSend).toMatchObject({ status: "done", sent: 1, failed: 3 });
  });

  it("resumes an interrupted bulk send where it stopped, without sending a row twice", async () => {
    const templateUuid = await template();
    // The template's page previews, which the queue draws after the upload (a send would draw
    // them first, and their writes would count among the copies below).
    await h.t.jobs.runUntilIdle();
    const rows = Array.from({ length: 5 }, (_, index) => row(index + 1));
    const started = await owner.api.template.bulkSend({ templateUuid, rows });
    const deps: EnvelopeDeps = {
      db: db(),
      config: h.t.config,
      logger: h.t.logger,
      blobStore: h.t.blobStore,
      linkKey: h.t.linkKey,
      mailKey: h.t.mailKey,
      activityKey: h.t.activityKey,
      now: h.now,
      wakeJobs: () => undefined,
    };
    // The storage fails while the third envelope is being written: the run stops there.
    let copies = 0;
    const failing: EnvelopeDeps = {
      ...deps,
      blobStore: {
        ...h.t.blobStore,
        put: (key, bytes, options) => {
          copies += 1;
          if (copies > 2) return Promise.reject(new Error("disk gone"));
          return h.t.blobStore.put(key, bytes, options);
        },
        putStream: (key, source, options) => {
          copies += 1;
          if (copies > 2) return Promise.reject(new Error("disk gone"));
          return h.t.blobStore.putStream(key, source, options);
        },
        get: (key) => h.t.blobStore.get(key),
        getStream: (key) => h.t.blobStore.getStream(key),
        delete: (key) => h.t.blobStore.delete(key),
        exists: (key) => h.t.blobStore.exists(key),
        list: (prefix) => h.t.blobStore.list(prefix),
      },
    };
    await expect(runBulkSend(failing, started.uuid)).rejects.toThrow("disk gone");
    const halfway = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    const sentBefore = halfway.rows.filter((result) => result.status === "ok").length;
    expect(halfway.bulkSend.status).toBe("running");
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(5);

    // Two runs at once (the retried job and a second worker) still send each row once.
    await Promise.all([runBulkSend(deps, started.uuid), runBulkSend(deps, started.uuid)]);
    await h.t.jobs.runUntilIdle();
    const done = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    expect(done.bulkSend).toMatchObject({ status: "done", sent: 5, failed: 0 });
    const envelopeUuids = done.rows.map((result) => result.envelopeUuid);
    expect(new Set(envelopeUuids).size).toBe(5);
    const created = await db()
      .selectFrom("recipient")
      .select("envelopeId")
      .where(
        "email",
        "in",
        rows.map((r) => r.recipients[0]?.email ?? ""),
      )
      .execute();
    expect(created).toHaveLength(5);
    expect(new Set(created.map((r) => r.envelopeId))).toEqual(new Set(envelopeUuids));
  });

  it("enqueues the job again at start for a bulk send still running whose job was lost", async () => {
    const templateUuid = await template();
    const started = await owner.api.template.bulkSend({ templateUuid, rows: [row(1), row(2)] });
    await db().deleteFrom("job").where("dedupeKey", "=", `bulk-send:${started.uuid}`).execute();
    await h.t.jobs.sweep();
    await h.t.jobs.runUntilIdle();
    const status = await owner.api.template.bulkSendStatus({ bulkSendUuid: started.uuid });
    expect(status.bulkSend).toMatchObject({ status: "done", sent: 2, failed: 0 });
  });

  it("refuses a draft or archived template, and another team's caller", async () => {
    const draft = await template("draft");
    const archived = await template("archived");
    expect(
      (await failure(owner.api.template.bulkSend({ templateUuid: draft, rows: [row(1)] }))).code,
    ).toBe("CONFLICT");
    expect(
      (await failure(owner.api.template.bulkSend({ templateUuid: archived, rows: [row(1)] }))).code,
    ).toBe("CONFLICT");

    const templateUuid = await template();
    const started = await owner.api.template.bulkSend({ templateUuid, rows: [row(1)] });
    const stranger = await signUpMember(h, "stranger", "Other team");
    expect(
      (await failure(stranger.api.template.bulkSend({ templateUuid, rows: [row(2)] }))).code,
    ).toBe("NOT_FOUND");
    expect(
      (await failure(stranger.api.template.bulkSendStatus({ bulkSendUuid: started.uuid }))).code,
    ).toBe("NOT_FOUND");
    expect((await stranger.api.template.listBulkSends({})).bulkSends).toEqual([]);
    await h.t.jobs.runUntilIdle();
  });

  it("lists a template's bulk sends page after page, newest first, with a cursor", async () => {
    const templateUuid = await template();
    const started = [];
    for (const n of [1, 2, 3]) {
      started.push(await owner.api.template.bulkSend({ templateUuid, rows: [row(100 + n)] }));
    }
    await h.t.jobs.runUntilIdle();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await owner.api.template.listBulkSends({
        templateUuid,
        limit: 2,
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(page.bulkSends.length).toBeLessThanOrEqual(2);
      seen.push(...page.bulkSends.map((bulkSend) => bulkSend.uuid));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(started.map((bulkSend) => bulkSend.uuid).reverse());
    expect((await failure(owner.api.template.listBulkSends({ cursor: "not-a-cursor" }))).code).toBe(
      "VALIDATION_ERROR",
    );
  });

  it("refuses more rows than the limit", async () => {
    const templateUuid = await template();
    const rows = Array.from({ length: 501 }, () => ({ recipients: [] }));
    expect((await failure(owner.api.template.bulkSend({ templateUuid, rows }))).code).toBe(
      "VALIDATION_ERROR",
    );
  });
});
