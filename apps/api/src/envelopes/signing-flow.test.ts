import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import {
  FIELD_VALUE_MAX_LENGTH,
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_WIDTH,
  USER_AGENT_MAX_LENGTH,
} from "@paraphe/api-sdk/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrCreatePlatformIdentity } from "../documents/certificates";
import {
  darkShare,
  makeSignaturePng,
  nssDatabaseTrusting,
  renderGrey,
  pdfsig,
  printFirstSignatureCms,
  qpdfCheck,
} from "../test/documents";
import { startTestTsa } from "../test/tsa";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { createTestApp } from "../test/app";
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
  signaturePng,
  type TeamMember,
} from "../test/envelopes";

describe.each(testDatabaseKinds)("signing an envelope end to end on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;
  let tsa: Awaited<ReturnType<typeof startTestTsa>>;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    tsa = await startTestTsa();
    h = await createIdentityHarness(kind, { masterKey }, { TSA_URL: tsa.url });
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
    await tsa.stop();
  });

  it("runs upload, sequential signing, the seal job, and gives a sealed PDF and proof that validators accept", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease contract.pdf", data: await tinyPdf(2) }],
    });
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    expect(draft).toMatchObject({ title: "Lease contract", status: "draft" });
    expect(draft.documents[0]).toMatchObject({ pageCount: 2, filename: "Lease contract.pdf" });
    const preview = await sender.api.envelope.pagePreview({
      envelopeUuid: draft.uuid,
      documentUuid: draft.documents[0]?.uuid ?? "",
      page: 1,
    });
    expect(preview.contentType).toMatch(/^image\/(webp|png)$/);

    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signingOrder: "sequential" },
    });
    const withRecipients = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [
        { email: first, firstname: "Élodie", lastname: "Dupont", saveToContacts: true },
        { email: second, firstname: "Bob", lastname: "Martin" },
      ],
    });
    const [one, two] = withRecipients.recipients;
    const documentUuid = draft.documents[0]?.uuid ?? "";
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        {
          documentUuid,
          page: 1,
          x: 0.1,
          y: 0.6,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: one?.uuid ?? "",
        },
        {
          documentUuid,
          page: 1,
          x: 0.1,
          y: 0.72,
          width: 0.4,
          height: 0.05,
          kind: "name",
          recipientUuid: one?.uuid ?? "",
        },
        {
          documentUuid,
          page: 1,
          x: 0.55,
          y: 0.72,
          width: 0.4,
          height: 0.05,
          kind: "date",
          recipientUuid: one?.uuid ?? "",
        },
        {
          documentUuid,
          page: 0,
          x: 0.1,
          y: 0.5,
          width: 0.5,
          height: 0.05,
          kind: "text",
          recipientUuid: two?.uuid ?? "",
          label: "City",
        },
        {
          documentUuid,
          page: 1,
          x: 0.5,
          y: 0.85,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: two?.uuid ?? "",
        },
      ],
    });
    await expect(
      sender.api.contact.lookup({ workspaceUuid: sender.defaultWorkspaceUuid, email: first }),
    ).resolves.toEqual({
      contact: { email: first, firstname: "Élodie", lastname: "Dupont", phone: null },
    });

    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    expect(sent.status).toBe("signing");
    expect(await mailsTo(h, first)).toHaveLength(1);
    expect(await mailsTo(h, second)).toHaveLength(0);

    const signer = signingClient(h);
    const firstLink = await linkFromMail(h, first, draft.uuid);
    const opened = await signer.envelope.open(firstLink);
    expect(opened.recipient).toMatchObject({ email: first, isTurn: true, status: "pending" });
    expect(opened.fields).toHaveLength(3);
    // The open call carries the first page, served as a page call serves it.
    expect(opened.firstPage).toMatchObject({
      documentUuid,
      filename: "Lease contract-page-1.webp",
      contentType: "image/webp",
    });
    expect(opened.firstPage?.data).toBe(
      (await signer.envelope.downloadSignerDocument({ ...firstLink, documentUuid, page: 0 })).data,
    );
    // Served is not read: a page counts once the signing page reports it on screen.
    expect(opened.viewedPages).toEqual({});
    expect(opened.completedFields).toEqual([]);
    expect((await signer.envelope.open(firstLink)).viewedPages).toEqual({});
    await expect(
      signer.envelope.markPageRead({ ...firstLink, documentUuid, page: 0 }),
    ).resolves.toEqual({ viewedPages: { [documentUuid]: [0] } });
    // A page never served cannot be read.
    const unserved = await failure(
      signer.envelope.markPageRead({ ...firstLink, documentUuid, page: 1 }),
    );
    expect(unserved.code).toBe("VALIDATION_ERROR");
    expect(unserved.details?.[0]?.message).toBe("page_not_served");
    await signer.envelope.downloadSignerDocument({ ...firstLink, documentUuid, page: 1 });
    expect((await signer.envelope.open(firstLink)).viewedPages).toEqual({ [documentUuid]: [0] });

    const unread = await failure(sign(signer, firstLink));
    expect(unread.code).toBe("VALIDATION_ERROR");
    expect(unread.details?.[0]?.message).toBe("pages_not_viewed");

    // The second signer's link exists (list-requests, once invited); out of turn it is refused.
    const secondRow = await h.database.connection.db
      .selectFrom("recipient")
      .select("linkVersion")
      .where("id", "=", two?.uuid ?? "")
      .executeTakeFirstOrThrow();
    const { linkSecretKey, linkToken } = await import("./access-links");
    const secondToken = linkToken(h.t.linkKey, two?.uuid ?? "", secondRow.linkVersion);
    const secondLinkEarly = {
      envelopeUuid: draft.uuid,
      token: secondToken,
      secretKey: linkSecretKey(h.t.linkKey, secondToken),
    };
    const outOfTurn = await signer.envelope.open(secondLinkEarly);
    expect(outOfTurn.recipient.isTurn).toBe(false);
    // Out of turn the page shows no document: no first page, nothing recorded as viewed.
    expect(outOfTurn.firstPage).toBeNull();
    expect(outOfTurn.viewedPages).toEqual({});
    // Out of turn, pages are not read either; and signing is refused.
    await signer.envelope.downloadSignerDocument({ ...secondLinkEarly, documentUuid, page: 0 });
    const readEarly = await failure(
      signer.envelope.markPageRead({ ...secondLinkEarly, documentUuid, page: 0 }),
    );
    expect(readEarly.code).toBe("CONFLICT");
    expect(readEarly.message).toMatch(/not your turn/);
    const early = await failure(
      signer.envelope.sign({
        ...secondLinkEarly,
        signature: { kind: "drawn", image: await signaturePng() },
        values: { [sent.fields.find((field) => field.kind === "text")?.uuid ?? ""]: "Lyon" },
      }),
    );
    expect(early.code).toBe("CONFLICT");
    expect(early.message).toMatch(/not your turn/);

    await readEveryPage(signer, firstLink);
    expect((await signer.envelope.open(firstLink)).viewedPages).toEqual({ [documentUuid]: [0, 1] });
    await expect(sign(signer, firstLink)).resolves.toEqual({
      recipientStatus: "signed",
      envelopeStatus: "signing",
    });
    const twice = await failure(sign(signer, firstLink));
    expect(twice.code).toBe("CONFLICT");
    expect((await signer.envelope.open(firstLink)).firstPage).toBeNull();

    expect(await mailsTo(h, second)).toHaveLength(1);
    const secondLink = await linkFromMail(h, second, draft.uuid);
    expect(secondLink).toEqual(secondLinkEarly);
    // The second signer sees what the first one filled in and signed, to draw on the pages.
    const earlier = (await signer.envelope.open(secondLink)).completedFields;
    expect(earlier.map((field) => field.kind).sort()).toEqual(["date", "name", "signature"]);
    expect(earlier.every((field) => field.recipientUuid === one?.uuid)).toBe(true);
    expect(earlier.find((field) => field.kind === "signature")).toMatchObject({
      image: await signaturePng(),
      text: null,
      by: "Élodie Dupont",
    });
    expect(earlier.find((field) => field.kind === "name")?.text).toBe("Élodie Dupont");
    expect(earlier.find((field) => field.kind === "date")?.text).toMatch(/\d{4}/);
    await readEveryPage(signer, secondLink);
    const missingText = await failure(sign(signer, secondLink));
    expect(missingText.details?.[0]).toMatchObject({
      path: `values.${sent.fields.find((field) => field.kind === "text")?.uuid}`,
      message: "required",
    });
    await signer.envelope.sign({
      ...secondLink,
      signature: { kind: "typed", image: await signaturePng(), typedName: "Bob Martin" },
      values: { [sent.fields.find((f) => f.kind === "text")?.uuid ?? ""]: "Lyon" },
    });
    expect((await sender.api.envelope.get({ envelopeUuid: draft.uuid })).status).toBe("signing");
    const early2 = await failure(
      sender.api.envelope.download({ envelopeUuid: draft.uuid, kind: "sealed" }),
    );
    expect(early2.code).toBe("CONFLICT");

    await expect(h.t.jobs.runUntilIdle()).resolves.toEqual(["done"]);
    const complete = await sender.api.envelope.get({ envelopeUuid: draft.uuid });
    expect(complete.status).toBe("complete");
    expect(complete.completedAt).not.toBeNull();

    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: draft.uuid, kind: "sealed" })).data,
      "base64",
    );
    const proof = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: draft.uuid, kind: "proof" })).data,
      "base64",
    );
    const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    const nss = nssDatabaseTrusting(identity.certificatePem);
    try {
      for (const pdf of [sealed, proof]) {
        // B-LTA: the seal covers all but its validation data and the document timestamp after it.
        const report = pdfsig(pdf, nss.nssdir);
        expect(report).toContain("Signature is Valid");
        expect(report).toContain("Signature Field Name: Paraphe archival timestamp");
        expect(qpdfCheck(pdf).status).toBe(0);
      }
    } finally {
      nss.cleanup();
    }
    // TSA_URL is set: PAdES B-LTA, the timestamp token in the CMS, then a document timestamp.
    expect(tsa.requests()).toBeGreaterThanOrEqual(4);
    expect(printFirstSignatureCms(sealed)).toMatch(/timeStampToken|id-smime-aa-timeStampToken/);

    // The signer downloads the sealed copy through the link.
    const fromLink = await signer.envelope.downloadSignerDocument(firstLink);
    expect(Buffer.from(fromLink.data, "base64").equals(sealed)).toBe(true);

    expect(
      (await mailsTo(h, sender.email)).some((subject) => /signed by everyone/.test(subject)),
    ).toBe(true);
    expect((await mailsTo(h, first)).length).toBe(2);

    const activity = await sender.api.envelope.activity({ envelopeUuid: draft.uuid });
    expect(activity.chainValid).toBe(true);
    expect(activity.events.map((event) => event.type)).toEqual([
      "envelopeCreated",
      "envelopeSent",
      "stepStarted",
      "envelopeOpened",
      "envelopeOpened",
      "documentSigned",
      "stepEnded",
      "stepStarted",
      "documentSigned",
      "stepEnded",
      "envelopeCompleted",
    ]);
    expect(activity.events[5]).toMatchObject({
      ipAddress: "198.51.100.7",
      actor: { email: first },
    });

    // Changing a past event in the database breaks the chain.
    await sql`UPDATE activity_event SET data = jsonb_set(data, '{ip}', '"203.0.113.9"')
      WHERE envelope_id = ${draft.uuid} AND seq = 6`.execute(h.database.connection.db);
    expect((await sender.api.envelope.activity({ envelopeUuid: draft.uuid })).chainValid).toBe(
      false,
    );

    const cancel = await failure(
      sender.api.envelope.cancel({ envelopeUuid: draft.uuid, reason: "Too late" }),
    );
    expect(cancel.code).toBe("CONFLICT");
  });

  it("completes an envelope whose seal job was interrupted, in a new app over the same database", async () => {
    const signerEmail = uniqueEmail("solo");
    const envelope = await sentEnvelope(sender, [signerEmail]);
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
    const db = h.database.connection.db;
    // The api died while sealing: the job is running under a lease that has run out.
    await db
      .updateTable("job")
      .set({ status: "running", attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where("dedupeKey", "=", `seal-envelope:${envelope.uuid}`)
      .execute();

    const restarted = await createTestApp(
      db,
      { DATA_DIR: h.t.config.dataDir, TSA_URL: tsa.url },
      { masterKey },
    );
    try {
      await expect(restarted.jobs.sweep()).resolves.toBe(1);
      await restarted.jobs.runUntilIdle();
      expect((await sender.api.envelope.get({ envelopeUuid: envelope.uuid })).status).toBe(
        "complete",
      );
    } finally {
      await restarted.destroy();
    }
  });

  it("seals an envelope left in signing without any job, found by the sweep", async () => {
    const signerEmail = uniqueEmail("lost");
    const envelope = await sentEnvelope(sender, [signerEmail]);
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
    await h.database.connection.db
      .deleteFrom("job")
      .where("dedupeKey", "=", `seal-envelope:${envelope.uuid}`)
      .execute();
    await expect(h.t.jobs.sweep()).resolves.toBe(1);
    await h.t.jobs.runUntilIdle();
    expect((await sender.api.envelope.get({ envelopeUuid: envelope.uuid })).status).toBe(
      "complete",
    );
  });

  it("refuses over-long text values and over-sized signature pictures before storing anything, and records the user agent cut to its cap", async () => {
    const email = uniqueEmail("limits");
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "One page.pdf", data: await tinyPdf(1) }],
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Léa", lastname: "Durand" }],
    });
    const place = (kind: "signature" | "text", y: number) => ({
      documentUuid: draft.documents[0]?.uuid ?? "",
      page: 0,
      x: 0.1,
      y,
      width: 0.5,
      height: 0.1,
      kind,
      recipientUuid: saved.recipients[0]?.uuid ?? "",
    });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [place("signature", 0.7), place("text", 0.3)],
    });
    const sent = await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    const textField = sent.fields.find((field) => field.kind === "text")?.uuid ?? "";
    const longAgent = `Mozilla/5.0 ${"x".repeat(3000)}`;
    const signer = signingClient(h, "198.51.100.8", longAgent);
    const link = await linkFromMail(h, email, draft.uuid);
    await readEveryPage(signer, link);
    const signature = await signaturePng();
    const signWith = (value: string) =>
      signer.envelope.sign({
        ...link,
        signature: { kind: "drawn", image: signature },
        values: { [textField]: value },
      });

    const tooLong = await failure(signWith("x".repeat(FIELD_VALUE_MAX_LENGTH + 1)));
    expect(tooLong.code).toBe("VALIDATION_ERROR");
    expect(tooLong.details?.[0]?.message).toBe("too_long");
    // The refusal names the limit, for the apps to say it.
    expect(tooLong.details?.[0]?.params).toEqual({ limit: FIELD_VALUE_MAX_LENGTH });
    // Past the contract (shaped like an image), the server still holds a text field to the cap.
    const disguised = await failure(signWith(`iVBORw0KGgo${"A".repeat(FIELD_VALUE_MAX_LENGTH)}`));
    expect(disguised.code).toBe("VALIDATION_ERROR");
    expect(disguised.details?.[0]).toMatchObject({
      path: `values.${textField}`,
      message: "too_long",
    });
    // A signature picture past 2000 × 800 pixels is refused before anything is stored.
    const png = async (width: number, height: number) =>
      Buffer.from(await makeSignaturePng(width, height)).toString("base64");
    const wide = await failure(
      signer.envelope.sign({
        ...link,
        signature: { kind: "drawn", image: await png(SIGNATURE_IMAGE_MAX_WIDTH + 1, 100) },
        initials: await png(100, SIGNATURE_IMAGE_MAX_HEIGHT + 1),
        values: { [textField]: "Lyon" },
      }),
    );
    expect(wide.code).toBe("VALIDATION_ERROR");
    expect(wide.details?.map((detail) => [detail.path, detail.message])).toEqual([
      ["signature.image", "image_too_large"],
      ["initials", "image_too_large"],
    ]);
    expect((await sender.api.envelope.get({ envelopeUuid: draft.uuid })).status).toBe("signing");
    const stored = await readdir(h.t.config.blobDir, { recursive: true });
    expect(
      stored.filter((name) => name.includes(draft.uuid) && name.includes("recipients")),
    ).toEqual([]);

    await expect(signWith("x".repeat(FIELD_VALUE_MAX_LENGTH))).resolves.toMatchObject({
      recipientStatus: "signed",
    });
    const { events } = await sender.api.envelope.activity({ envelopeUuid: draft.uuid });
    const signed = events.find((event) => event.type === "documentSigned");
    expect(signed?.userAgent).toBe(longAgent.slice(0, USER_AGENT_MAX_LENGTH));
  });

  it("asks for initials when the sender wants them on every page, and draws them on each page", async () => {
    const email = uniqueEmail("initials");
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Two pages.pdf", data: await tinyPdf(2) }],
    });
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { initialsOnAllPages: true },
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Inès", lastname: "Œuvray" }],
    });
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: [
        {
          documentUuid: draft.documents[0]?.uuid ?? "",
          page: 0,
          x: 0.1,
          y: 0.5,
          width: 0.4,
          height: 0.1,
          kind: "signature",
          recipientUuid: saved.recipients[0]?.uuid ?? "",
        },
      ],
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    const signer = signingClient(h);
    const link = await linkFromMail(h, email, draft.uuid);
    await readEveryPage(signer, link);
    const noInitials = await failure(sign(signer, link));
    expect(noInitials.details?.[0]).toMatchObject({ path: "initials", message: "required" });
    await signer.envelope.sign({
      ...link,
      signature: { kind: "drawn", image: await signaturePng() },
      initials: await signaturePng(),
    });
    await h.t.jobs.runUntilIdle();
    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: draft.uuid, kind: "sealed" })).data,
      "base64",
    );
    for (const page of [1, 2]) {
      const raster = renderGrey(sealed, page, 72);
      expect(darkShare(raster, { x: 0.89, y: 0.95, width: 0.08, height: 0.04 })).toBeGreaterThan(
        0.01,
      );
    }
  });

  it("keeps the chain linear and enqueues one seal when the last two signers sign at the same time", async () => {
    const emails = [uniqueEmail("together-a"), uniqueEmail("together-b")];
    const envelope = await sentEnvelope(sender, emails);
    const links = await Promise.all(emails.map((email) => linkFromMail(h, email, envelope.uuid)));
    const signers = links.map(() => signingClient(h));
    for (const [index, link] of links.entries()) await readEveryPage(signers[index]!, link);
    const results = await Promise.all(links.map((link, index) => sign(signers[index]!, link)));
    expect(results.map((result) => result.recipientStatus)).toEqual(["signed", "signed"]);
    const jobs = await h.database.connection.db
      .selectFrom("job")
      .select("status")
      .where("dedupeKey", "=", `seal-envelope:${envelope.uuid}`)
      .execute();
    expect(jobs).toHaveLength(1);
    const activity = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
    expect(activity.chainValid).toBe(true);
    expect(activity.events.filter((event) => event.type === "documentSigned")).toHaveLength(2);
    await h.t.jobs.runUntilIdle();
    expect((await sender.api.envelope.get({ envelopeUuid: envelope.uuid })).status).toBe(
      "complete",
    );
  });
});
