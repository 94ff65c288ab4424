import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../test/documents";
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
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { outboxMails } from "../test/outbox";

describe.each(testDatabaseKinds)("viewers and delegation on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let stranger: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
    stranger = await signUpMember(h, "stranger");
  });
  afterAll(async () => {
    await h.destroy();
  });

  const proofText = async (envelopeUuid: string) =>
    pdfText(
      Buffer.from(
        (await sender.api.envelope.download({ envelopeUuid, kind: "proof" })).data,
        "base64",
      ),
      { raw: true },
    ).replace(/\s+/g, " ");

  describe("a viewer", () => {
    it("is invited, must read every page before marking read, and holds completion until then", async () => {
      const signer = uniqueEmail("signer");
      const viewer = uniqueEmail("viewer");
      const sent = await sentEnvelope(sender, [signer], { viewers: [viewer], pages: 2 });
      await h.t.jobs.runUntilIdle();
      expect(sent.recipients.map((recipient) => recipient.kind)).toEqual(["signer", "viewer"]);
      // Invited at once, as one asked to read.
      expect(await mailsTo(h, viewer)).toEqual([
        expect.stringMatching(/asks you to read/) as string,
      ]);
      const client = signingClient(h);
      const viewerLink = await linkFromMail(h, viewer, sent.uuid);
      const opened = await client.envelope.open(viewerLink);
      expect(opened.recipient.kind).toBe("viewer");
      expect(opened.fields).toEqual([]);

      // Not every page read: refused, and the viewer is still pending.
      const document = opened.documents[0];
      await client.envelope.downloadSignerDocument({
        ...viewerLink,
        documentUuid: document?.uuid ?? "",
        page: 0,
      });
      await client.envelope.markPageRead({
        ...viewerLink,
        documentUuid: document?.uuid ?? "",
        page: 0,
      });
      const early = await failure(client.envelope.markRead(viewerLink));
      expect(early.code).toBe("VALIDATION_ERROR");
      expect(early.details).toEqual([expect.objectContaining({ message: "pages_not_viewed" })]);

      // A viewer neither signs nor delegates; a signer does not mark read.
      const signed = await failure(sign(client, viewerLink));
      expect(signed.code).toBe("FORBIDDEN");
      const signerLink = await linkFromMail(h, signer, sent.uuid);
      expect((await failure(client.envelope.markRead(signerLink))).code).toBe("FORBIDDEN");

      // The signer signs: the envelope waits for the viewer.
      await readEveryPage(client, signerLink);
      await sign(client, signerLink);
      await h.t.jobs.runUntilIdle();
      expect((await sender.api.envelope.get({ envelopeUuid: sent.uuid })).status).toBe("signing");

      await readEveryPage(client, viewerLink);
      const read = await client.envelope.markRead(viewerLink);
      expect(read.recipientStatus).toBe("viewed");
      // Twice counts once.
      expect((await failure(client.envelope.markRead(viewerLink))).code).toBe("CONFLICT");
      await h.t.jobs.runUntilIdle();
      const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
      expect(complete.status).toBe("complete");
      const viewerRow = complete.recipients.find((recipient) => recipient.kind === "viewer");
      expect(viewerRow?.status).toBe("viewed");
      expect(viewerRow?.viewedAt).toEqual(expect.any(String));

      const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
      expect(activity.chainValid).toBe(true);
      const viewed = activity.events.find((event) => event.type === "documentViewed");
      expect(viewed?.actor).toEqual({ name: "Viewer Number 1", email: viewer });
      const proof = await proofText(sent.uuid);
      expect(proof).toContain("Viewed every page");
      expect(proof).toContain("Every page of every document was read");
    });

    it("refuses fields for a viewer with a clear reason", async () => {
      const draft = await sender.api.envelope.upload({
        files: [{ filename: "Read me.pdf", data: await tinyPdf(1) }],
      });
      const saved = await sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: [
          { email: uniqueEmail("viewer"), firstname: "Vic", lastname: "Viewer", kind: "viewer" },
        ],
      });
      const refused = await failure(
        sender.api.envelope.saveFields({
          envelopeUuid: draft.uuid,
          fields: [
            {
              documentUuid: draft.documents[0]?.uuid ?? "",
              page: 0,
              x: 0.1,
              y: 0.5,
              width: 0.3,
              height: 0.1,
              kind: "signature",
              recipientUuid: saved.recipients[0]?.uuid ?? "",
            },
          ],
        }),
      );
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.message).toMatch(/a viewer reads the document/);
      expect(refused.details).toEqual([
        expect.objectContaining({
          path: "fields.0.recipientUuid",
          message: "viewer_has_no_fields",
        }),
      ]);
    });
  });

  describe("delegation", () => {
    it("hands a signer's turn to someone new: old link stops, new link signs, sender told, chain and proof record it", async () => {
      const signer = uniqueEmail("delegator");
      const delegate = uniqueEmail("delegate");
      const sent = await sentEnvelope(sender, [signer], { allowDelegation: true });
      expect(sent.options.allowDelegation).toBe(true);
      await h.t.jobs.runUntilIdle();
      const client = signingClient(h);
      const oldLink = await linkFromMail(h, signer, sent.uuid);
      expect((await client.envelope.open(oldLink)).envelope.allowDelegation).toBe(true);
      await readEveryPage(client, oldLink);

      const answer = await client.envelope.delegate({
        ...oldLink,
        firstname: "Dana",
        lastname: "Delegate",
        email: delegate.toUpperCase(),
        reason: "On leave this week.",
      });
      expect(answer).toEqual({
        delegated: true,
        to: { firstname: "Dana", lastname: "Delegate", email: delegate },
      });
      await h.t.jobs.runUntilIdle();

      // The old link says it was delegated.
      const stopped = await failure(client.envelope.open(oldLink));
      expect(stopped.code).toBe("ACCESS_LINK_INVALID");
      expect(stopped.details).toEqual([expect.objectContaining({ message: "link_delegated" })]);

      // The sender is told who, to whom and why.
      const senderMails = await outboxMails(h.database.connection.db, h.t.mailKey, sender.email);
      const told = senderMails.find((mail) => mail.subject.includes("handed their turn"));
      expect(told?.text).toContain("On leave this week.");
      expect(told?.text).toContain(delegate);

      // The new person has their own link, the same field, reads for themselves, and signs.
      const newLink = await linkFromMail(h, delegate, sent.uuid);
      const opened = await client.envelope.open(newLink);
      expect(opened.recipient.email).toBe(delegate);
      expect(opened.fields).toHaveLength(1);
      expect(opened.viewedPages).toEqual({});
      await readEveryPage(client, newLink);
      await sign(client, newLink);
      await h.t.jobs.runUntilIdle();
      const complete = await sender.api.envelope.get({ envelopeUuid: sent.uuid });
      expect(complete.status).toBe("complete");
      expect(complete.recipients.map((recipient) => recipient.email)).toEqual([delegate]);

      const activity = await sender.api.envelope.activity({ envelopeUuid: sent.uuid });
      expect(activity.chainValid).toBe(true);
      const delegated = activity.events.find((event) => event.type === "signerDelegated");
      expect(delegated?.actor).toEqual({ name: "Signer Number 1", email: signer });
      expect(delegated?.delegatedTo).toEqual({ name: "Dana Delegate", email: delegate });
      expect(delegated?.reason).toBe("On leave this week.");
      const proof = (await proofText(sent.uuid)).replace(/\s+/g, "");
      expect(proof).toContain(`SignerNumber1<${signer}>delegatedtoDanaDelegate<${delegate}>`);
      expect(proof).toContain("Reason:Onleavethisweek.");
    });

    it("is refused unless the envelope allows it", async () => {
      const signer = uniqueEmail("signer");
      const sent = await sentEnvelope(sender, [signer]);
      expect(sent.options.allowDelegation).toBe(false);
      const link = await linkFromMail(h, signer, sent.uuid);
      const refused = await failure(
        signingClient(h).envelope.delegate({
          ...link,
          firstname: "Dana",
          lastname: "Delegate",
          email: uniqueEmail("delegate"),
          reason: "Busy.",
        }),
      );
      expect(refused.code).toBe("FORBIDDEN");
      // The link still works.
      expect((await signingClient(h).envelope.open(link)).recipient.email).toBe(signer);
    });

    it("refuses a delegation to oneself, to another recipient, once signed, by an approver, and without a reason", async () => {
      const first = uniqueEmail("first");
      const second = uniqueEmail("second");
      const approver = uniqueEmail("approver");
      const sent = await sentEnvelope(sender, [first, second], {
        allowDelegation: true,
        approvers: [approver],
      });
      const client = signingClient(h);
      const approverLink = await linkFromMail(h, approver, sent.uuid);
      const person = { firstname: "Dana", lastname: "Delegate", reason: "Busy." };
      expect(
        (
          await failure(
            client.envelope.delegate({ ...approverLink, ...person, email: uniqueEmail("d") }),
          )
        ).code,
      ).toBe("FORBIDDEN");
      await readEveryPage(client, approverLink);
      await client.envelope.approve(approverLink);
      await h.t.jobs.runUntilIdle();

      const firstLink = await linkFromMail(h, first, sent.uuid);
      const toSelf = await failure(
        client.envelope.delegate({ ...firstLink, ...person, email: first }),
      );
      expect(toSelf.details).toEqual([
        expect.objectContaining({ path: "email", message: "delegate_to_self" }),
      ]);
      const toOther = await failure(
        client.envelope.delegate({ ...firstLink, ...person, email: second }),
      );
      expect(toOther.details).toEqual([
        expect.objectContaining({ path: "email", message: "already_recipient" }),
      ]);
      const toApprover = await failure(
        client.envelope.delegate({ ...firstLink, ...person, email: approver }),
      );
      expect(toApprover.details).toEqual([
        expect.objectContaining({ path: "email", message: "already_recipient" }),
      ]);
      const noReason = await failure(
        client.envelope.delegate({ ...firstLink, ...person, reason: " ", email: uniqueEmail("d") }),
      );
      expect(noReason.code).toBe("VALIDATION_ERROR");
      const longReason = await failure(
        client.envelope.delegate({
          ...firstLink,
          ...person,
          reason: "x".repeat(501),
          email: uniqueEmail("d"),
        }),
      );
      expect(longReason.details).toEqual([
        expect.objectContaining({ path: "reason", message: "too_long" }),
      ]);

      await readEveryPage(client, firstLink);
      await sign(client, firstLink);
      const afterSigning = await failure(
        client.envelope.delegate({ ...firstLink, ...person, email: uniqueEmail("late") }),
      );
      expect(afterSigning.code).toBe("CONFLICT");
    });

    it("is an option of templates, carried with their viewer roles to the envelopes made from them", async () => {
      const template = await sender.api.template.create({
        title: "Handbook",
        files: [{ filename: "Handbook.pdf", data: await tinyPdf(1) }],
      });
      const withRoles = await sender.api.template.saveRecipients({
        templateUuid: template.uuid,
        roles: [{ label: "Employee" }, { label: "Auditor", kind: "viewer" }],
      });
      expect(withRoles.roles.map((role) => role.kind)).toEqual(["signer", "viewer"]);
      const auditor = withRoles.roles[1]?.uuid ?? "";
      const refused = await failure(
        sender.api.template.saveFields({
          templateUuid: template.uuid,
          fields: [
            {
              documentUuid: template.documents[0]?.uuid ?? "",
              recipientUuid: auditor,
              page: 0,
              x: 0.1,
              y: 0.1,
              width: 0.3,
              height: 0.1,
              kind: "signature",
            },
          ],
        }),
      );
      expect(refused.details).toEqual([
        expect.objectContaining({ message: "viewer_has_no_fields" }),
      ]);
      await sender.api.template.saveFields({
        templateUuid: template.uuid,
        fields: [
          {
            documentUuid: template.documents[0]?.uuid ?? "",
            recipientUuid: withRoles.roles[0]?.uuid ?? "",
            page: 0,
            x: 0.1,
            y: 0.1,
            width: 0.3,
            height: 0.1,
            kind: "signature",
          },
        ],
      });
      const updated = await sender.api.template.update({
        templateUuid: template.uuid,
        options: { allowDelegation: true },
      });
      expect(updated.options.allowDelegation).toBe(true);
      await sender.api.template.activate({ templateUuid: template.uuid });
      const envelope = await sender.api.template.createEnvelope({
        templateUuid: template.uuid,
        recipients: withRoles.roles.map((role, index) => ({
          roleUuid: role.uuid,
          email: uniqueEmail(`person${index}`),
          firstname: "Pat",
          lastname: `Person ${index + 1}`,
        })),
      });
      expect(envelope.options.allowDelegation).toBe(true);
      expect(envelope.recipients.map((recipient) => recipient.kind)).toEqual(["signer", "viewer"]);
    });

    it("is an envelope option kept when left out, which another team cannot change", async () => {
      const draft = await sender.api.envelope.upload({
        files: [{ filename: "Option.pdf", data: await tinyPdf(1) }],
      });
      const updated = await sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        options: { allowDelegation: true },
      });
      expect(updated.options.allowDelegation).toBe(true);
      // Leaving the option out keeps it.
      const renamed = await sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        title: "Renamed",
        options: { reminderDays: 3 },
      });
      expect(renamed.options.allowDelegation).toBe(true);
      const refused = await failure(
        stranger.api.envelope.update({
          envelopeUuid: draft.uuid,
          options: { allowDelegation: false },
        }),
      );
      expect(["NOT_FOUND", "FORBIDDEN"]).toContain(refused.code);
      expect(
        (await sender.api.envelope.get({ envelopeUuid: draft.uuid })).options.allowDelegation,
      ).toBe(true);
    });
  });
});
