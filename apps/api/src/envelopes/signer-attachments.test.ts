import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FieldInput } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity } from "../documents/certificates";
import { referencedEnvelopeFiles } from "./file-references";
import {
  nssDatabaseTrusting,
  pdfsig,
  pdfText,
  qpdfCheck,
  runToolOrThrow,
  temporaryDirectory,
} from "../test/documents";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  signaturePng,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";

describe.each(testDatabaseKinds)("signer attachments on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /** A sent envelope for one signer with a required attachment field (2 files) and an optional one. */
  async function sentWithAttachments() {
    const ids = { signature: randomUUID(), required: randomUUID(), optional: randomUUID() };
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
    });
    const email = uniqueEmail("signer");
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Zoë", lastname: "Łukasiewicz" }],
    });
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const documentUuid = draft.documents[0]?.uuid ?? "";
    const place = (row: number) => ({
      documentUuid,
      page: 0,
      x: 0.05,
      y: 0.05 + 0.15 * row,
      width: 0.5,
      height: 0.1,
      recipientUuid,
    });
    const fields: FieldInput[] = [
      { ...place(0), uuid: ids.signature, kind: "signature" },
      {
        ...place(1),
        uuid: ids.required,
        kind: "attachment",
        required: true,
        label: "Identity document",
        settings: { maxFiles: 2 },
      },
      { ...place(2), uuid: ids.optional, kind: "attachment", required: false },
    ];
    await sender.api.envelope.saveFields({ envelopeUuid: draft.uuid, fields });
    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    const client = signingClient(h);
    const link = await linkFromMail(h, email, sent.uuid);
    return { envelopeUuid: sent.uuid, client, link, ids };
  }

  it("refuses an attachment setting on another kind and a count outside 1..5, at save", async () => {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email: uniqueEmail("signer"), firstname: "Ana", lastname: "Lopes" }],
    });
    const base = {
      uuid: randomUUID(),
      documentUuid: draft.documents[0]?.uuid ?? "",
      page: 0,
      x: 0.1,
      y: 0.1,
      width: 0.3,
      height: 0.1,
      recipientUuid: saved.recipients[0]?.uuid ?? "",
    };
    const onText = await failure(
      sender.api.envelope.saveFields({
        envelopeUuid: draft.uuid,
        fields: [{ ...base, kind: "text", settings: { maxFiles: 2 } }],
      }),
    );
    expect(onText.code).toBe("VALIDATION_ERROR");
    const tooMany = await failure(
      sender.api.envelope.saveFields({
        envelopeUuid: draft.uuid,
        fields: [{ ...base, kind: "attachment", settings: { maxFiles: 6 } }],
      }),
    );
    expect(tooMany.code).toBe("VALIDATION_ERROR");
  });

  it("embeds a file in the sealed document that holds its attachment field, not in the others", async () => {
    const draft = await sender.api.envelope.upload({
      files: [
        { filename: "Lease.pdf", data: await tinyPdf(1) },
        { filename: "Annex.pdf", data: await tinyPdf(1, "Annex") },
      ],
    });
    const email = uniqueEmail("annex");
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Ana", lastname: "Annex" }],
    });
    const recipientUuid = saved.recipients[0]?.uuid ?? "";
    const [lease, annex] = draft.documents.map((document) => document.uuid);
    const attachmentField = randomUUID();
    const place = { page: 0, x: 0.05, y: 0.05, width: 0.5, height: 0.1, recipientUuid };
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        { ...place, documentUuid: lease ?? "", kind: "signature" },
        { ...place, documentUuid: annex ?? "", uuid: attachmentField, kind: "attachment" },
      ],
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    await h.t.jobs.runUntilIdle();
    const client = signingClient(h);
    const link = await linkFromMail(h, email, draft.uuid);
    await readEveryPage(client, link);
    await client.envelope.uploadAttachment({
      ...link,
      fieldUuid: attachmentField,
      filename: "annex-scan.pdf",
      data: await tinyPdf(1, "Scan"),
    });
    await client.envelope.sign({
      ...link,
      signature: { kind: "drawn", image: await signaturePng() },
      values: {},
    });
    await h.t.jobs.runUntilIdle();

    const folder = temporaryDirectory();
    try {
      const embedded = async (documentUuid: string | undefined) => {
        const sealed = await client.envelope.downloadSignerDocument({ ...link, documentUuid });
        const file = folder.file(`${documentUuid ?? ""}.pdf`, Buffer.from(sealed.data, "base64"));
        return runToolOrThrow("pdfdetach", ["-list", file]);
      };
      expect(await embedded(annex)).toContain("annex-scan.pdf");
      expect(await embedded(lease)).toMatch(/^0 embedded files/);
    } finally {
      folder.cleanup();
    }
  });

  it("checks files by content and size, keeps them until signing, seals them in the PDF and lists them in the proof", async () => {
    const { envelopeUuid, client, link, ids } = await sentWithAttachments();
    await readEveryPage(client, link);
    const signature = { kind: "drawn" as const, image: await signaturePng() };
    const png = await signaturePng();

    // A PNG renamed .pdf: refused by its content.
    const renamed = await failure(
      client.envelope.uploadAttachment({
        ...link,
        fieldUuid: ids.required,
        filename: "passport.pdf",
        data: png,
      }),
    );
    expect(renamed.code).toBe("VALIDATION_ERROR");
    expect(renamed.details?.map((detail) => detail.message)).toEqual(["attachment_type_mismatch"]);
    // Neither PDF, PNG nor JPEG.
    const text = await failure(
      client.envelope.uploadAttachment({
        ...link,
        fieldUuid: ids.required,
        filename: "notes.png",
        data: Buffer.from("plain text, not an image").toString("base64"),
      }),
    );
    expect(text.details?.map((detail) => detail.message)).toEqual(["attachment_type"]);
    // 11 MB: refused with its size and the limit.
    const large = Buffer.alloc(11 * 1024 * 1024, 0x20);
    Buffer.from("%PDF-1.7\n").copy(large);
    const tooLarge = await failure(
      client.envelope.uploadAttachment({
        ...link,
        fieldUuid: ids.required,
        filename: "scan.pdf",
        data: large.toString("base64"),
      }),
    );
    expect(tooLarge.code).toBe("VALIDATION_ERROR");
    expect(tooLarge.details?.[0]).toMatchObject({
      message: "attachment_too_large",
      params: { size: 11 * 1024 * 1024, limit: 10 * 1024 * 1024 },
    });

    // A required attachment field without a file: the signature is refused.
    const missing = await failure(client.envelope.sign({ ...link, signature, values: {} }));
    expect(missing.code).toBe("VALIDATION_ERROR");
    expect(missing.details?.map((detail) => [detail.path, detail.message])).toEqual([
      [`values.${ids.required}`, "attachment_required"],
    ]);

    // Two files for the required field, a third refused; one removed, listed again.
    const pdf = await tinyPdf(1, "Passport scan");
    const first = await client.envelope.uploadAttachment({
      ...link,
      fieldUuid: ids.required,
      filename: "passport.pdf",
      data: pdf,
    });
    expect(first.attachments.map((attachment) => attachment.contentType)).toEqual([
      "application/pdf",
    ]);
    const second = await client.envelope.uploadAttachment({
      ...link,
      fieldUuid: ids.required,
      filename: "photo.png",
      data: png,
    });
    expect(second.attachments).toHaveLength(2);
    const third = await failure(
      client.envelope.uploadAttachment({
        ...link,
        fieldUuid: ids.required,
        filename: "again.png",
        data: png,
      }),
    );
    expect(third.code).toBe("CONFLICT");
    const photo = second.attachments.find((attachment) => attachment.filename === "photo.png");
    const afterRemove = await client.envelope.removeAttachment({
      ...link,
      attachmentUuid: photo?.uuid ?? "",
    });
    expect(afterRemove.attachments.map((attachment) => attachment.filename)).toEqual([
      "passport.pdf",
    ]);
    expect((await client.envelope.listAttachments(link)).attachments).toHaveLength(1);
    // Nothing shows to the sender before the signer signed.
    expect(
      (await sender.api.envelope.listEnvelopeAttachments({ envelopeUuid })).attachments,
    ).toEqual([]);

    await client.envelope.sign({ ...link, signature, values: {} });
    // Signed: the files can no longer be removed.
    const late = await failure(
      client.envelope.removeAttachment({
        ...link,
        attachmentUuid: first.attachments[0]?.uuid ?? "",
      }),
    );
    expect(late.code).toBe("CONFLICT");
    await h.t.jobs.runUntilIdle();

    const pdfBytes = Buffer.from(pdf, "base64");
    const sha256 = createHash("sha256").update(pdfBytes).digest("hex");
    // The chain records the file at signing.
    const activity = await sender.api.envelope.activity({ envelopeUuid });
    expect(JSON.stringify(activity)).toContain(sha256);

    // The sender lists and downloads it.
    const listed = await sender.api.envelope.listEnvelopeAttachments({ envelopeUuid });
    expect(listed.attachments).toMatchObject([
      { filename: "passport.pdf", size: pdfBytes.length, sha256, by: "Zoë Łukasiewicz" },
    ]);
    const downloaded = await sender.api.envelope.downloadAttachment({
      envelopeUuid,
      attachmentUuid: listed.attachments[0]?.uuid ?? "",
    });
    expect(Buffer.from(downloaded.data, "base64").equals(pdfBytes)).toBe(true);
    // Its stored file is referenced: the orphan-file sweep keeps it.
    const db = h.database.connection.db;
    const stored = await db
      .selectFrom("signerAttachment")
      .select("blobKey")
      .where("id", "=", listed.attachments[0]?.uuid ?? "")
      .executeTakeFirstOrThrow();
    expect(await referencedEnvelopeFiles(db, [stored.blobKey])).toEqual(new Set([stored.blobKey]));

    // The sealed PDF carries it in its embedded files; the proof lists its hash.
    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid, kind: "sealed" })).data,
      "base64",
    );
    const folder = temporaryDirectory();
    try {
      const list = runToolOrThrow("pdfdetach", ["-list", folder.file("sealed.pdf", sealed)]);
      expect(list).toContain("passport.pdf");
      // Listed as the document's associated file, a supplement.
      runToolOrThrow("qpdf", [
        "--qdf",
        "--object-streams=disable",
        folder.file("sealed.pdf"),
        folder.file("plain.pdf"),
      ]);
      const plain = readFileSync(folder.file("plain.pdf"), "latin1");
      expect(plain).toMatch(/\/AF \[/);
      expect(plain).toContain("/AFRelationship /Supplement");
      runToolOrThrow("pdfdetach", [
        "-save",
        "1",
        "-o",
        folder.file("out.pdf"),
        folder.file("sealed.pdf"),
      ]);
      expect(readFileSync(folder.file("out.pdf")).equals(pdfBytes)).toBe(true);
    } finally {
      folder.cleanup();
    }
    // Embedded before the seal: the signature covers the whole file, which stays sound.
    const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    const nss = nssDatabaseTrusting(identity.certificatePem);
    try {
      const report = pdfsig(sealed, nss.nssdir);
      expect(report).toContain("Signature is Valid");
      expect(report).toContain("Total document signed");
      expect(qpdfCheck(sealed).status).toBe(0);
    } finally {
      nss.cleanup();
    }
    const proof = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid, kind: "proof" })).data,
      "base64",
    );
    expect(pdfText(proof, { raw: true }).replace(/\s+/g, "")).toContain(sha256);
  });
});
