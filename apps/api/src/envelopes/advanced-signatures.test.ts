import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccessLink } from "@paraphe/api-sdk/contract";
import { loadOrCreatePlatformIdentity } from "../documents/certificates";
import { loadOrCreateSignerAuthority } from "../documents/signer-authority";
import {
  nssDatabaseTrusting,
  pageContentStreams,
  pdfsig,
  pdfText,
  qpdfCheck,
  signedRevisionEnds,
} from "../test/documents";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sign,
  signingClient,
  signUpMember,
  tinyPdf,
  type TeamMember,
} from "../test/envelopes";

describe.each(testDatabaseKinds)("advanced signatures (AES) on %s", (kind) => {
  let h: IdentityHarness;
  let sender: TeamMember;

  beforeAll(async () => {
    h = await createIdentityHarness(kind);
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  /**
   * A draft at AES for `signers` (in order), each with a signature field and a name field on the
   * first page and the check given (`none` when left out).
   */
  async function aesDraft(
    signers: readonly { email: string; verification?: "none" | "email_code" }[],
  ): Promise<string> {
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(2) }],
    });
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signatureLevel: "AES", signingOrder: "sequential" },
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: signers.map((signer, index) => ({
        email: signer.email,
        firstname: index === 0 ? "Zoë" : "Bob",
        lastname: index === 0 ? "Martin" : "Durand",
        verification: signer.verification ?? "none",
      })),
    });
    const documentUuid = draft.documents[0]?.uuid ?? "";
    await sender.api.envelope.saveFields({
      envelopeUuid: draft.uuid,
      fields: saved.recipients.flatMap((recipient, index) => [
        {
          documentUuid,
          page: index,
          x: 0.1,
          y: 0.6,
          width: 0.4,
          height: 0.1,
          kind: "signature" as const,
          recipientUuid: recipient.uuid,
        },
        {
          documentUuid,
          page: index,
          x: 0.1,
          y: 0.75,
          width: 0.4,
          height: 0.05,
          kind: "name" as const,
          recipientUuid: recipient.uuid,
        },
      ]),
    });
    return draft.uuid;
  }

  /** Passes the mailed code check, reads every page and signs. */
  async function checkAndSign(email: string, link: AccessLink): Promise<void> {
    const client = signingClient(h);
    await readEveryPage(client, link);
    await client.envelope.sendVerificationCode(link);
    await client.envelope.checkVerificationCode({ ...link, code: await h.lastCode(email) });
    await expect(sign(client, link)).resolves.toMatchObject({ recipientStatus: "signed" });
  }

  it("refuses to send AES while a signer has no check, naming that signer", async () => {
    const envelopeUuid = await aesDraft([
      { email: uniqueEmail("checked"), verification: "email_code" },
      { email: uniqueEmail("unchecked") },
    ]);
    const refused = await failure(sender.api.envelope.send({ envelopeUuid }));
    expect(refused.code).toBe("VALIDATION_ERROR");
    expect(refused.details).toEqual([
      expect.objectContaining({
        path: "recipients.1.verification",
        message: "verification_required",
      }),
    ]);
    expect((await sender.api.envelope.get({ envelopeUuid })).status).toBe("draft");
  });

  it("gives each signer a signature of their own, certificate naming them, and seals over both", async () => {
    const first = uniqueEmail("zoe");
    const second = uniqueEmail("bob");
    const envelopeUuid = await aesDraft([
      { email: first, verification: "email_code" },
      { email: second, verification: "email_code" },
    ]);
    await sender.api.envelope.send({ envelopeUuid });
    const authority = await loadOrCreateSignerAuthority({ dataDir: h.t.config.dataDir });
    const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
    const nss = nssDatabaseTrusting(identity.certificatePem, authority.certificatePem);
    try {
      const firstLink = await linkFromMail(h, first, envelopeUuid);
      // No certificate before the check: signing is refused and no revision is written.
      const early = signingClient(h);
      await readEveryPage(early, firstLink);
      const unchecked = await failure(sign(early, firstLink));
      expect(unchecked.details?.[0]?.message).toBe("verification_required");
      const untouched = await h.database.connection.db
        .selectFrom("envelopeDocument")
        .select(["revisionBlobKey"])
        .where("envelopeId", "=", envelopeUuid)
        .executeTakeFirstOrThrow();
      expect(untouched.revisionBlobKey).toBeNull();
      await checkAndSign(first, firstLink);
      // The next signer's document starts from the revision the first signer's signature made.
      const secondLink = await linkFromMail(h, second, envelopeUuid);
      const current = Buffer.from(
        (await signingClient(h).envelope.downloadSignerDocument(secondLink)).data,
        "base64",
      );
      const afterFirst = pdfsig(current, nss.nssdir);
      expect(afterFirst.match(/Signature #\d+:/g)).toHaveLength(1);
      expect(afterFirst).toContain("Signature is Valid");
      expect(afterFirst).toContain("Zoë Martin");
      expect(pdfText(current)).toContain("Zoë Martin");
      // Stored encrypted, like the other document files.
      const row = await h.database.connection.db
        .selectFrom("envelopeDocument")
        .select(["revisionBlobKey"])
        .where("envelopeId", "=", envelopeUuid)
        .executeTakeFirstOrThrow();
      expect(row.revisionBlobKey).toMatch(/\/revisions\//);

      await checkAndSign(second, secondLink);
      const ran = await h.t.jobs.runUntilIdle();
      expect(ran.length).toBeGreaterThan(0);
      expect(ran.every((outcome) => outcome === "done")).toBe(true);
      expect((await sender.api.envelope.get({ envelopeUuid })).status).toBe("complete");

      const sealed = Buffer.from(
        (await sender.api.envelope.download({ envelopeUuid, kind: "sealed" })).data,
        "base64",
      );
      // The seal starts from the last revision: both signatures stay in it, unchanged.
      expect(sealed.subarray(0, current.length).equals(current)).toBe(true);
      const report = pdfsig(sealed, nss.nssdir);
      expect(report.match(/Signature #\d+:/g)).toHaveLength(3);
      expect(report.match(/Signature is Valid/g)).toHaveLength(3);
      expect(report.match(/Certificate is Trusted/g)).toHaveLength(3);
      expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
      expect(report).toContain("Bob Durand");
      expect(report).toContain("Paraphe development seal");
      expect(report).toContain("Total document signed");
      expect(qpdfCheck(sealed).status).toBe(0);
      // Each signer's fields drawn by their own revision, not again by the seal: the pages have
      // the content the last signer's revision gave them.
      const [, lastSignerEnd] = signedRevisionEnds(report);
      expect(await pageContentStreams(sealed)).toEqual(
        await pageContentStreams(sealed.subarray(0, lastSignerEnd)),
      );
      expect(pdfText(sealed)).toContain("Bob Durand");

      // The proof names, per signer, the level, the check and the certificate.
      const proof = pdfText(
        Buffer.from(
          (await sender.api.envelope.download({ envelopeUuid, kind: "proof" })).data,
          "base64",
        ),
        { raw: true },
      ).replace(/\s+/g, " ");
      expect(proof.match(/Advanced electronic signature \(AES\)/g)).toHaveLength(2);
      expect(proof).toContain("a one-time code sent to the signer’s email address");
      // (The event table wraps long words: the serial may break across lines.)
      expect(proof).toMatch(
        /CN=Zoë Martin, E=.+OU=Signer checked by a one-time code sent by email/,
      );
      expect(proof).toMatch(/serial number [0-9a-f][0-9a-f ]{31,}, SHA-256 fingerprint/);
      expect(proof).toContain("Paraphe development signer authority");
      const activity = await sender.api.envelope.activity({ envelopeUuid });
      expect(activity.chainValid).toBe(true);
    } finally {
      nss.cleanup();
    }
  });
});

describe("AES without a signer certification authority in production", () => {
  it("is refused at sending as unavailable, and the profile says so", async () => {
    const h = await createIdentityHarness(
      "pglite",
      {},
      {
        NODE_ENV: "production",
        BLOB_MASTER_KEY: randomBytes(32).toString("base64"),
        SMTP_URL: "smtp://127.0.0.1:2525",
      },
    );
    try {
      const sender = await signUpMember(h, "sender");
      expect((await sender.api.user.profile({})).capabilities?.aesSignature).toBe(false);
      const draft = await sender.api.envelope.upload({
        files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
      });
      await sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        options: { signatureLevel: "AES" },
      });
      const refused = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
      expect(refused.details).toContainEqual(
        expect.objectContaining({ path: "options.signatureLevel", message: "level_unavailable" }),
      );
    } finally {
      await h.destroy();
    }
  });
});
