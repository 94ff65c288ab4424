import { rename } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDocumentWorkers } from "../documents/worker-pool";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import { deeplyNestedPdf } from "../test/upload-corpus";
import { outboxMails } from "../test/outbox";
import { signableTemplate } from "../test/templates";
import {
  failure,
  linkFromMail,
  mailsTo,
  sentEnvelope,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { blobKeys } from "./file-keys";

afterAll(() => closeDocumentWorkers());

/** A one-page PDF whose page pdf.js cannot draw (its resources hold arrays nested 100,000 deep). */
const unreadablePdf = () => Buffer.from(deeplyNestedPdf(100_000, "resources")).toString("base64");

describe.each(testDatabaseKinds)("documents a signer cannot read on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender", "Unreadable team");
  });
  afterAll(async () => {
    await h.destroy();
  });

  const db = () => h.database.connection.db;

  /** A draft of `files` with one signer and their signature field on the first document. */
  async function readyDraft(files: { filename: string; data: string }[], signerEmail: string) {
    const draft = await sender.api.envelope.upload({ files });
    const withSigner = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: signerEmail, firstname: "Sam", lastname: "Signer" }],
    });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        {
          documentUuid: draft.documents[0]?.uuid ?? "",
          page: 0,
          x: 0.1,
          y: 0.6,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: withSigner.recipients[0]?.uuid ?? "",
        },
      ],
    });
    return draft;
  }

  async function previewPages(documentUuid: string): Promise<number[]> {
    const rows = await db()
      .selectFrom("documentPreview")
      .select("page")
      .where("documentId", "=", documentUuid)
      .orderBy("page")
      .execute();
    return rows.map((row) => row.page);
  }

  it("refuses to send a draft with a page pdf.js cannot draw, naming the document and the page, and changes nothing", async () => {
    const signerEmail = uniqueEmail("signer");
    // Sent before the queue drew any page: the send draws them, and finds the one it cannot.
    const draft = await readyDraft(
      [
        { filename: "contract.pdf", data: await tinyPdf(2) },
        { filename: "annex.pdf", data: unreadablePdf() },
      ],
      signerEmail,
    );
    const refused = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(refused).toMatchObject({ statusCode: 409, code: "CONFLICT" });
    expect(refused.message).toBe(
      'Some pages cannot be drawn, so no signer could read them: "annex.pdf" (page 1).',
    );
    expect(refused.details).toEqual([
      {
        path: "documents.1",
        code: "custom",
        message: "pages_unreadable",
        params: { page: 1, count: 1 },
      },
      { path: "conflict", code: "conflict", message: "pages_unreadable" },
    ]);
    const after = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
    expect(after.status).toBe("draft");
    expect(after.recipients[0]?.invitedAt).toBeNull();
    expect(await mailsTo(h, signerEmail)).toEqual([]);
    // The editor's read says which pages cannot be drawn; the good document's pages were drawn.
    expect(after.documents.map((document) => document.unreadablePages)).toEqual([[], [0]]);
    expect(after.documents.map((document) => document.previewsReady)).toEqual([2, 0]);
    expect(await previewPages(draft.documents[0]?.uuid ?? "")).toEqual([0, 1]);

    // The page answers preview_failed from the record; sending again is refused the same way.
    const page = await failure(
      sender.api.envelope.pagePreview({
        envelopeUuid: draft.uuid,
        documentUuid: draft.documents[1]?.uuid ?? "",
        page: 0,
      }),
    );
    expect(page.details).toEqual([expect.objectContaining({ message: "preview_failed" })]);
    const again = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(again.details?.[0]).toMatchObject({ path: "documents.1", message: "pages_unreadable" });
  });

  it("records a page the queue cannot draw, which the editor's read then lists", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "broken.pdf", data: unreadablePdf() }],
    });
    expect(draft.documents[0]).toMatchObject({ previewsReady: 0, unreadablePages: [] });
    await h.t.jobs.runUntilIdle();
    const after = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
    expect(after.documents[0]).toMatchObject({ previewsReady: 0, unreadablePages: [0] });
  });

  it("sends a draft whose page previews are not drawn yet, drawing them first", async () => {
    const signerEmail = uniqueEmail("signer");
    const draft = await readyDraft(
      [{ filename: "contract.pdf", data: await tinyPdf(3) }],
      signerEmail,
    );
    expect(await previewPages(draft.documents[0]?.uuid ?? "")).toEqual([]);
    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    expect(sent.status).toBe("signing");
    expect(await previewPages(draft.documents[0]?.uuid ?? "")).toEqual([0, 1, 2]);
  });

  it("refuses to create and send an envelope from a template with a page pdf.js cannot draw", async () => {
    const created = await signableTemplate(sender, {
      title: "Broken",
      filename: "broken-template.pdf",
      data: unreadablePdf(),
      roles: [{ label: "Signer" }],
    });
    const role = created.roles[0]?.uuid ?? "";
    const envelopes = async () =>
      Number(
        (
          await db()
            .selectFrom("envelope")
            .select((eb) => eb.fn.countAll<string>().as("count"))
            .where("kind", "=", "envelope")
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await envelopes();
    const signerEmail = uniqueEmail("signer");
    const refused = await failure(
      sender.api.template.createEnvelope({
        templateUuid: created.uuid,
        recipients: [{ roleUuid: role, email: signerEmail, firstname: "Sam", lastname: "Signer" }],
        send: true,
      }),
    );
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details).toEqual([
      expect.objectContaining({ path: "documents.0", message: "pages_unreadable" }),
      expect.objectContaining({ path: "conflict", message: "pages_unreadable" }),
    ]);
    expect(await envelopes()).toBe(before);
    expect(await mailsTo(h, signerEmail)).toEqual([]);
  });

  it("tells a signer whose envelope's original file is missing that the document is not available, not that it was canceled", async () => {
    const signerEmail = uniqueEmail("signer");
    const envelope = await sentEnvelope(sender, [signerEmail]);
    const original = path.join(
      h.t.config.blobDir,
      ...blobKeys.original(envelope.uuid, envelope.documents[0]?.uuid ?? "").split("/"),
    );
    await rename(`${original}.blob`, `${original}.away`);
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    const refused = await failure(signer.envelope.open(link));
    expect(refused).toMatchObject({ statusCode: 409, code: "CONFLICT" });
    expect(refused.details).toEqual([
      { path: "conflict", code: "conflict", message: "document_unavailable" },
    ]);
    // The sender is told once, whoever opens it again that day.
    await failure(signer.envelope.open(link));
    const notices = (await outboxMails(h.database.connection.db, h.t.mailKey, sender.email)).filter(
      (mail) => mail.subject.includes("a file is missing"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`${signerEmail}) opened`);
    expect(notices[0]?.text).toContain(
      `/envelopes/${envelope.workspaceUuid}/${envelope.uuid}/view`,
    );
    // Not recorded as opened: the recipient saw nothing.
    const recipient = await db()
      .selectFrom("recipient")
      .select("openedAt")
      .where("envelopeId", "=", envelope.uuid)
      .executeTakeFirstOrThrow();
    expect(recipient.openedAt).toBeNull();

    // Back in place, the envelope opens as usual.
    await rename(`${original}.away`, `${original}.blob`);
    const opened = await signer.envelope.open(link);
    expect(opened.envelope.status).toBe("signing");
  });
});
