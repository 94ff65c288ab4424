import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  mailsTo,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";

describe.each(testDatabaseKinds)("approvers on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("moves draft → approving → signing → complete, inviting signers only once the approver approved", async () => {
    const approver = uniqueEmail("approver");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], { approvers: [approver], pages: 2 });
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    expect(sent.status).toBe("approving");
    expect(sent.recipients.map((recipient) => recipient.kind)).toEqual(["approver", "signer"]);
    expect(sent.signerCount).toBe(1);
    expect(await mailsTo(h, approver)).toEqual([expect.stringMatching(/asks you to approve/)]);
    expect(await mailsTo(h, signer)).toEqual([]);

    const client = signingClient(h);
    const approverLink = await linkFromMail(h, approver, sent.uuid);
    const opened = await client.envelope.open(approverLink);
    expect(opened.recipient).toMatchObject({ kind: "approver", isTurn: true, status: "pending" });
    expect(opened.envelope.status).toBe("approving");
    expect(opened.fields).toEqual([]);

    await readEveryPage(client, approverLink);
    await expect(client.envelope.approve(approverLink)).resolves.toEqual({
      recipientStatus: "approved",
      envelopeStatus: "signing",
    });
    const afterApproval = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(afterApproval.status).toBe("signing");
    expect(afterApproval.recipients[0]).toMatchObject({ status: "approved" });
    expect(afterApproval.recipients[0]?.approvedAt).not.toBeNull();
    expect(await mailsTo(h, signer)).toEqual([expect.stringMatching(/asks you to sign/)]);

    const signerLink = await linkFromMail(h, signer, sent.uuid);
    await readEveryPage(client, signerLink);
    await expect(sign(client, signerLink)).resolves.toEqual({
      recipientStatus: "signed",
      envelopeStatus: "signing",
    });
    await expect(h.t.jobs.runUntilIdle()).resolves.toEqual(["done"]);
    const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(complete.status).toBe("complete");
    expect(complete.signedCount).toBe(1);

    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    // Parallel order: one step, its approver before its signer.
    expect(activity.events.map((event) => event.type)).toEqual([
      "envelopeCreated",
      "envelopeSent",
      "stepStarted",
      "envelopeOpened",
      "documentApproved",
      "envelopeOpened",
      "documentSigned",
      "stepEnded",
      "envelopeCompleted",
    ]);
    expect(activity.events[4]?.actor).toEqual({ name: "Approver Number 1", email: approver });
    const proof = await sender.api.envelope.download({ envelopeUuid: sent.uuid, kind: "proof" });
    expect(proof.contentType).toBe("application/pdf");
  });

  it("declines the envelope when the approver rejects, notifying the sender, and records the reason", async () => {
    const approver = uniqueEmail("approver");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], { approvers: [approver] });
    const client = signingClient(h);
    const link = await linkFromMail(h, approver, sent.uuid);

    const empty = await failure(client.envelope.reject({ ...link, reason: " " }));
    expect(empty.code).toBe("VALIDATION_ERROR");
    const tooLong = await failure(client.envelope.reject({ ...link, reason: "x".repeat(500) }));
    expect(tooLong.code).toBe("VALIDATION_ERROR");

    await expect(client.envelope.reject({ ...link, reason: "Wrong figures." })).resolves.toEqual({
      recipientStatus: "declined",
      envelopeStatus: "declined",
    });
    // A declined envelope's links no longer act, as after a signer's decline.
    const again = await failure(client.envelope.reject({ ...link, reason: "Wrong figures." }));
    expect(again.code).toBe("ACCESS_LINK_INVALID");

    const declined = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
    expect(declined.status).toBe("declined");
    expect(declined.recipients[0]).toMatchObject({
      status: "declined",
      declineReason: "Wrong figures.",
    });
    expect(await mailsTo(h, sender.email)).toContainEqual(
      expect.stringMatching(/Approver Number 1 rejected/),
    );
    // The signer was never invited: nothing to tell them.
    expect(await mailsTo(h, signer)).toEqual([]);
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    expect(activity.events.at(-1)).toMatchObject({
      type: "approvalRejected",
      reason: "Wrong figures.",
      actor: { email: approver },
    });
  });

  it("refuses an approver who signs and a signer who approves", async () => {
    const approver = uniqueEmail("approver");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], { approvers: [approver] });
    const client = signingClient(h);
    const approverLink = await linkFromMail(h, approver, sent.uuid);
    await readEveryPage(client, approverLink);
    const approverSigns = await failure(sign(client, approverLink));
    expect(approverSigns.code).toBe("FORBIDDEN");
    const approverDeclines = await failure(
      client.envelope.decline({ ...approverLink, reason: "No." }),
    );
    expect(approverDeclines.code).toBe("FORBIDDEN");
    await client.envelope.approve(approverLink);

    const signerLink = await linkFromMail(h, signer, sent.uuid);
    await readEveryPage(client, signerLink);
    const signerApproves = await failure(client.envelope.approve(signerLink));
    expect(signerApproves.code).toBe("FORBIDDEN");
    const signerRejects = await failure(client.envelope.reject({ ...signerLink, reason: "No." }));
    expect(signerRejects.code).toBe("FORBIDDEN");
    expect((await sender.api.envelope.get({ envelopeUuid: sent.uuid })).status).toBe("signing");
  });

  it("refuses an approval before every page was viewed", async () => {
    const approver = uniqueEmail("approver");
    const sent = await sentEnvelope(sender, [uniqueEmail("signer")], {
      approvers: [approver],
      pages: 2,
    });
    const client = signingClient(h);
    const link = await linkFromMail(h, approver, sent.uuid);
    // The open call carries the first page to the approver in their turn; served, not yet read.
    const documentUuid = sent.documents[0]?.uuid ?? "";
    const opened = await client.envelope.open(link);
    expect(opened.firstPage?.documentUuid).toBe(documentUuid);
    expect(opened.viewedPages).toEqual({});
    // Every page served, only the first read: still refused.
    await client.envelope.downloadSignerDocument({ ...link, documentUuid, page: 1 });
    await client.envelope.markPageRead({ ...link, documentUuid, page: 0 });
    const unread = await failure(client.envelope.approve(link));
    expect(unread.code).toBe("VALIDATION_ERROR");
    expect(unread.details?.[0]?.message).toBe("pages_not_viewed");
    expect((await sender.api.envelope.get({ envelopeUuid: sent.uuid })).status).toBe("approving");
  });

  it("invites sequential approvers one after the other, then the signers, and refuses an approver out of turn", async () => {
    const first = uniqueEmail("first-approver");
    const second = uniqueEmail("second-approver");
    const signer = uniqueEmail("signer");
    const sent = await sentEnvelope(sender, [signer], {
      approvers: [first, second],
      order: "sequential",
    });
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, second)).toHaveLength(0);

    const client = signingClient(h);
    const db = h.database.connection.db;
    const secondRow = await db
      .selectFrom("recipient")
      .select(["id", "linkVersion"])
      .where("email", "=", second)
      .executeTakeFirstOrThrow();
    const { linkSecretKey, linkToken } = await import("./access-links");
    const token = linkToken(h.t.linkKey, secondRow.id, secondRow.linkVersion);
    const secondEarly = {
      envelopeUuid: sent.uuid,
      token,
      secretKey: linkSecretKey(h.t.linkKey, token),
    };
    expect((await client.envelope.open(secondEarly)).recipient.isTurn).toBe(false);
    // Out of turn, pages cannot be read, and approving is refused for the turn first.
    const readEarly = await failure(readEveryPage(client, secondEarly));
    expect(readEarly.code).toBe("CONFLICT");
    const early = await failure(client.envelope.approve(secondEarly));
    expect(early.code).toBe("CONFLICT");
    expect(early.message).toMatch(/not your turn/);

    const firstLink = await linkFromMail(h, first, sent.uuid);
    await readEveryPage(client, firstLink);
    await expect(client.envelope.approve(firstLink)).resolves.toEqual({
      recipientStatus: "approved",
      envelopeStatus: "approving",
    });
    const twice = await failure(client.envelope.approve(firstLink));
    expect(twice.code).toBe("CONFLICT");
    expect(await mailsTo(h, second)).toHaveLength(1);
    expect(await mailsTo(h, signer)).toHaveLength(0);

    await readEveryPage(client, secondEarly);
    await expect(client.envelope.approve(secondEarly)).resolves.toEqual({
      recipientStatus: "approved",
      envelopeStatus: "signing",
    });
    expect(await mailsTo(h, signer)).toHaveLength(1);
  });

  it("invites parallel approvers all at once and goes to signing when the last one approves", async () => {
    const first = uniqueEmail("first-approver");
    const second = uniqueEmail("second-approver");
    const signers = [uniqueEmail("signer"), uniqueEmail("signer")];
    const sent = await sentEnvelope(sender, signers, { approvers: [first, second] });
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, second)).toHaveLength(1);
    const client = signingClient(h);
    const secondLink = await linkFromMail(h, second, sent.uuid);
    await readEveryPage(client, secondLink);
    await expect(client.envelope.approve(secondLink)).resolves.toMatchObject({
      envelopeStatus: "approving",
    });
    for (const signer of signers) expect(await mailsTo(h, signer)).toHaveLength(0);
    const firstLink = await linkFromMail(h, first, sent.uuid);
    await readEveryPage(client, firstLink);
    await expect(client.envelope.approve(firstLink)).resolves.toMatchObject({
      envelopeStatus: "signing",
    });
    for (const signer of signers) expect(await mailsTo(h, signer)).toHaveLength(1);
  });

  it("approves once when the same approval is submitted twice at the same time", async () => {
    const approver = uniqueEmail("approver");
    const sent = await sentEnvelope(sender, [uniqueEmail("signer")], { approvers: [approver] });
    const client = signingClient(h);
    const link = await linkFromMail(h, approver, sent.uuid);
    await readEveryPage(client, link);
    const results = await Promise.allSettled([
      client.envelope.approve(link),
      client.envelope.approve(link),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
    expect(activity.chainValid).toBe(true);
    expect(activity.events.filter((event) => event.type === "documentApproved")).toHaveLength(1);
  });

  it("refuses fields assigned to an approver, drops the fields of a recipient who becomes one, and needs a signer to send", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Budget.pdf", data: await tinyPdf(1) }],
    });
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const email = uniqueEmail("person");
    const asSigner = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Ada", lastname: "Lovelace" }],
    });
    const recipientUuid = asSigner.recipients[0]?.uuid ?? "";
    expect(asSigner.recipients[0]?.kind).toBe("signer");
    const field = {
      documentUuid,
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      height: 0.1,
      kind: "signature" as const,
      recipientUuid,
    };
    await sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields: [field] });

    const asApprover = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        { uuid: recipientUuid, email, firstname: "Ada", lastname: "Lovelace", kind: "approver" },
      ],
    });
    expect(asApprover.recipients[0]?.kind).toBe("approver");
    expect(asApprover.fields).toEqual([]);

    const refused = await failure(
      sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields: [field] }),
    );
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.message).toMatch(/only be assigned to signers/);
    expect(refused.details?.[0]).toMatchObject({
      path: "fields.0.recipientUuid",
      message: "approver_has_no_fields",
    });

    const noSigner = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(noSigner.code).toBe("VALIDATION_ERROR");
    expect(noSigner.details).toContainEqual(
      expect.objectContaining({ path: "recipients", message: "signer_required" }),
    );
  });

  it("shows approval requests in the approver's request list with their kind", async () => {
    const approver = await h.login(uniqueEmail("approver"));
    const sent = await sentEnvelope(sender, [uniqueEmail("signer")], {
      approvers: [approver.email],
    });
    const { requests } = await approver.api.envelope.listRequests({});
    expect(requests.find((request) => request.envelopeUuid === sent.uuid)).toMatchObject({
      envelopeStatus: "approving",
      recipientStatus: "pending",
      recipientKind: "approver",
    });
  });
});
