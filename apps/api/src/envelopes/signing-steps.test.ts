import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrate";
import { migrations } from "../db/migrations/index";
import { silentLogger, testDatabaseKinds } from "../test/databases";
import {
  customOrderDraft,
  failure,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { signableTemplate } from "../test/templates";

describe.each(testDatabaseKinds)("signing steps on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("runs three steps: an approver, then two signers in parallel, then a signer, inviting each step as the previous ends", async () => {
    const approver = uniqueEmail("approver");
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const last = uniqueEmail("last");
    // Steps given with a gap (1, 3, 3, 7): saved without gaps.
    const { saved: draft } = await customOrderDraft(sender, [
      { email: approver, kind: "approver", step: 1 },
      { email: first, kind: "signer", step: 3 },
      { email: second, kind: "signer", step: 3 },
      { email: last, kind: "signer", step: 4 },
    ]);
    expect(draft.options.signingOrder).toBe("custom");
    expect(draft.recipients.map((recipient) => recipient.step)).toEqual([1, 2, 2, 3]);

    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    expect(sent.status).toBe("approving");
    expect(await mailsTo(h, approver)).toHaveLength(1);
    for (const email of [first, second, last]) expect(await mailsTo(h, email)).toEqual([]);

    const client = signingClient(h);
    const approverLink = await linkFromMail(h, approver, sent.uuid);
    await readEveryPage(client, approverLink);
    await expect(client.envelope.approve(approverLink)).resolves.toEqual({
      recipientStatus: "approved",
      envelopeStatus: "signing",
    });
    // Step 2: both signers at once; step 3 waits.
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, second)).toHaveLength(1);
    expect(await mailsTo(h, last)).toEqual([]);

    const secondLink = await linkFromMail(h, second, sent.uuid);
    await readEveryPage(client, secondLink);
    await sign(client, secondLink);
    expect(await mailsTo(h, last)).toEqual([]);

    const firstLink = await linkFromMail(h, first, sent.uuid);
    await readEveryPage(client, firstLink);
    await sign(client, firstLink);
    expect(await mailsTo(h, last)).toHaveLength(1);

    const lastLink = await linkFromMail(h, last, sent.uuid);
    await readEveryPage(client, lastLink);
    await sign(client, lastLink);
    await h.t.jobs.runUntilIdle();
    const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(complete.status).toBe("complete");

    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    const steps = activity.events
      .filter((event) => event.type === "stepStarted" || event.type === "stepEnded")
      .map((event) => [
        event.type,
        event.step?.number,
        event.step?.of,
        event.recipients.map((r) => r.email),
      ]);
    expect(steps).toEqual([
      ["stepStarted", 1, 3, [approver]],
      ["stepEnded", 1, 3, []],
      ["stepStarted", 2, 3, [first, second]],
      ["stepEnded", 2, 3, []],
      ["stepStarted", 3, 3, [last]],
      ["stepEnded", 3, 3, []],
    ]);
    const types = activity.events.map((event) => event.type);
    // The last step ends before the envelope completes.
    expect(types.indexOf("envelopeCompleted")).toBeGreaterThan(types.lastIndexOf("stepEnded"));
  });

  it("lets an approver of a later step wait for the signers before it, and seals on their approval", async () => {
    const signer = uniqueEmail("early-signer");
    const approver = uniqueEmail("late-approver");
    const { saved: draft } = await customOrderDraft(sender, [
      { email: signer, kind: "signer", step: 1 },
      { email: approver, kind: "approver", step: 2 },
    ]);
    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    expect(sent.status).toBe("signing");
    expect(await mailsTo(h, approver)).toEqual([]);
    const client = signingClient(h);
    const signerLink = await linkFromMail(h, signer, sent.uuid);
    await readEveryPage(client, signerLink);
    await expect(sign(client, signerLink)).resolves.toEqual({
      recipientStatus: "signed",
      envelopeStatus: "approving",
    });
    const approverLink = await linkFromMail(h, approver, sent.uuid);
    await readEveryPage(client, approverLink);
    await expect(client.envelope.approve(approverLink)).resolves.toEqual({
      recipientStatus: "approved",
      envelopeStatus: "signing",
    });
    // The last approval sealed the envelope.
    await h.t.jobs.runUntilIdle();
    expect((await sender.api.envelope.get({ envelopeUuid: sent.uuid })).status).toBe("complete");
  });

  it("refuses a step past the number of recipients, and presets rewrite the steps", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Agreement.pdf", data: await tinyPdf(1) }],
    });
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signingOrder: "custom" },
    });
    const person = (name: string, step: number, kind: "signer" | "approver" = "signer") => ({
      email: uniqueEmail(name),
      firstname: "Person",
      lastname: name,
      kind,
      step,
    });
    const tooFar = await failure(
      sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [person("a", 1), person("b", 3)],
      }),
    );
    expect(tooFar.code).toBe("VALIDATION_ERROR");
    expect(tooFar.details).toEqual([
      expect.objectContaining({ path: "recipients.1.step", message: "step_too_large" }),
    ]);
    const zero = await failure(
      sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [person("a", 0)],
      }),
    );
    expect(zero.details).toEqual([
      expect.objectContaining({ path: "recipients.0.step", message: "invalid_step" }),
    ]);
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [person("s", 2), person("a", 2, "approver"), person("t", 1)],
    });
    expect(saved.recipients.map((r) => r.step)).toEqual([2, 2, 1]);
    const sequential = await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signingOrder: "sequential" },
    });
    // Approvers first, then signers, by position.
    expect(sequential.recipients.map((r) => r.step)).toEqual([2, 1, 3]);
    const parallel = await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signingOrder: "parallel" },
    });
    expect(parallel.recipients.map((r) => r.step)).toEqual([1, 1, 1]);
  });

  it("keeps the roles' steps in envelopes created from a template", async () => {
    const template = await signableTemplate(sender, {
      title: "Stepped",
      options: { signingOrder: "custom" },
      roles: [
        { label: "Manager", kind: "approver", step: 1 },
        { label: "Employee", step: 2 },
        { label: "Witness", step: 2 },
        { label: "Director", step: 3 },
      ],
    });
    expect(template.roles.map((role) => role.step)).toEqual([1, 2, 2, 3]);
    const envelope = await sender.api.template.createEnvelope({
      templateUuid: template.uuid,
      recipients: template.roles.map((role, index) => ({
        roleUuid: role.uuid,
        email: uniqueEmail(`role${index}`),
        firstname: "Role",
        lastname: `Person ${index + 1}`,
      })),
      send: true,
    });
    expect(envelope.options.signingOrder).toBe("custom");
    expect(envelope.recipients.map((recipient) => recipient.step)).toEqual([1, 2, 2, 3]);
    expect(envelope.status).toBe("approving");
    const invited = envelope.recipients.filter((recipient) => recipient.invitedAt !== null);
    expect(invited.map((recipient) => recipient.step)).toEqual([1]);
  });

  it("migrates old envelopes: parallel in one step, sequential one recipient per step, approvers first", async () => {
    const drafts: Record<string, string> = {};
    for (const order of ["parallel", "sequential"] as const) {
      const draft = await sender.api.envelope.upload({
        files: [{ filename: "Old.pdf", data: await tinyPdf(1) }],
      });
      await sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        options: { signingOrder: order },
      });
      // A signer, an approver, a signer, an approver, by position.
      await sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: (["signer", "approver", "signer", "approver"] as const).map((kind, index) => ({
          email: uniqueEmail(`${order}${index}`),
          firstname: "Old",
          lastname: `Person ${index + 1}`,
          kind,
        })),
      });
      drafts[order] = draft.uuid;
    }
    const db = h.database.connection.db;
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: rows[0]?.schema ?? "public",
    });
    const before = Object.keys(migrations).filter(
      (name) => name < "20261206210000_recipient-steps",
    );
    expect((await migrator.migrateTo(before.at(-1) ?? "")).error).toBeUndefined();
    await migrateToLatest(db, silentLogger());
    const steps = async (envelopeId: string) =>
      (
        await db
          .selectFrom("recipient")
          .select("step")
          .where("envelopeId", "=", envelopeId)
          .orderBy("position")
          .execute()
      ).map((row) => row.step);
    expect(await steps(drafts.parallel ?? "")).toEqual([1, 1, 1, 1]);
    // Approvers (positions 2, 4) take steps 1, 2; signers (positions 1, 3) steps 3, 4.
    expect(await steps(drafts.sequential ?? "")).toEqual([3, 1, 4, 2]);
  });
});
