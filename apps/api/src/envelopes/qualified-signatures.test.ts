import { X509Certificate } from "node:crypto";
import { PDF } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccessLink } from "@paraphe/api-sdk/contract";
import {
  PROOF_RECORD_FILENAME,
  proofRecordSchema,
  verifySealedDocument,
} from "@paraphe/api-sdk/verify";
import { loadOrCreatePlatformIdentity } from "../documents/certificates";
import { DEFAULT_CSC_USERS, startCscService, type CscTestService } from "../test/csc-service";
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
import { startTestTsa } from "../test/tsa";
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

const SIGN_URL = "http://localhost:5174";
const ada = DEFAULT_CSC_USERS[0]!;
const alan = DEFAULT_CSC_USERS[1]!;

describe.each(testDatabaseKinds)(
  "qualified signatures (QES) through a CSC provider on %s",
  (kind) => {
    let service: CscTestService;
    let tsa: Awaited<ReturnType<typeof startTestTsa>>;
    let h: IdentityHarness;
    let sender: TeamMember;

    beforeAll(async () => {
      [service, tsa] = await Promise.all([
        startCscService({ redirectUris: [`${SIGN_URL}/qes/callback`] }),
        startTestTsa(),
      ]);
      // TSA_URL: the seal reaches PAdES B-LTA, with the provider's CRLs in its validation data.
      h = await createIdentityHarness(
        kind,
        {},
        {
          SIGN_URL,
          TSA_URL: tsa.url,
          CSC_BASE_URL: `${service.url}/csc/v2`,
          CSC_CLIENT_ID: service.clientId,
          CSC_CLIENT_SECRET: service.clientSecret,
        },
      );
      sender = await signUpMember(h, "sender");
    });
    afterAll(async () => {
      await h.destroy();
      await service.close();
      await tsa.stop();
    });

    /** A draft at QES for `signers` (in order), a signature field each, in `signingOrder`. */
    async function qesDraft(
      signers: readonly string[],
      signingOrder: "sequential" | "parallel" = "sequential",
    ): Promise<string> {
      const draft = await sender.api.envelope.upload({
        files: [{ filename: "Lease.pdf", data: await tinyPdf(2) }],
      });
      await sender.api.envelope.update({
        envelopeUuid: draft.uuid,
        options: { signatureLevel: "QES", signingOrder },
      });
      const saved = await sender.api.envelope.saveRecipients({
        envelopeUuid: draft.uuid,
        recipients: signers.map((email, index) => ({
          email,
          firstname: index === 0 ? "Ada" : "Alan",
          lastname: index === 0 ? "Lovelace" : "Turing",
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

    /** The signer's trip to the provider: authorize, sign in there, back with code and state. */
    async function throughProvider(link: AccessLink, user: { id: string; password: string }) {
      const client = signingClient(h);
      const started = await client.envelope.qesAuthorize(link);
      const callback = await service.signIn(started.authorizationUrl, user.id, user.password);
      expect(`${callback.origin}${callback.pathname}`).toBe(`${SIGN_URL}/qes/callback`);
      expect(callback.searchParams.get("state")).toBe(started.state);
      const code = callback.searchParams.get("code") ?? "";
      return { client, code, state: started.state };
    }

    const credentialOf = (userId: string) =>
      service.credentials.find((credential) => credential.userId === userId)!.credentialID;

    it("refuses to send QES while two signers share a step, naming the second", async () => {
      const envelopeUuid = await qesDraft([uniqueEmail("one"), uniqueEmail("two")], "parallel");
      const refused = await failure(sender.api.envelope.send({ envelopeUuid }));
      expect(refused.code).toBe("VALIDATION_ERROR");
      expect(refused.message).toMatch(/one after another/);
      expect(refused.details).toEqual([
        expect.objectContaining({
          path: "recipients.1.step",
          message: "sequential_signers_required",
        }),
      ]);
      expect((await sender.api.envelope.get({ envelopeUuid })).status).toBe("draft");
    });

    it("lets a recipient start 10 sign-ins at the provider per 15 minutes", async () => {
      h.freshWindow();
      const email = uniqueEmail("eager");
      const envelopeUuid = await qesDraft([email]);
      await sender.api.envelope.send({ envelopeUuid });
      const link = await linkFromMail(h, email, envelopeUuid);
      const client = signingClient(h);
      for (let started = 0; started < 10; started++) await client.envelope.qesAuthorize(link);
      expect((await failure(client.envelope.qesAuthorize(link))).code).toBe("RATE_LIMITED");
    });

    it("offers QES in the profile", async () => {
      expect((await sender.api.user.profile({})).capabilities?.qesSignature).toBe(true);
    });

    it("has each signer sign with their qualified certificate, one after the other, then seals over both at B-LTA", async () => {
      const first = uniqueEmail("ada");
      const second = uniqueEmail("alan");
      const envelopeUuid = await qesDraft([first, second]);
      await sender.api.envelope.send({ envelopeUuid });
      const identity = await loadOrCreatePlatformIdentity({ dataDir: h.t.config.dataDir });
      // Validators trust the provider's root, as they trust a qualified provider's through a trusted list.
      const nss = nssDatabaseTrusting(identity.certificatePem, service.rootPem);
      try {
        const firstLink = await linkFromMail(h, first, envelopeUuid);
        // The second signer waits for the first.
        const secondLink = await linkFromMail(h, second, envelopeUuid).catch(() => null);
        expect(secondLink).toBeNull();

        const { client, code, state } = await throughProvider(firstLink, ada);
        await readEveryPage(client, firstLink);
        const listed = await client.envelope.qesCredentials({ ...firstLink, code, state });
        expect(listed.credentials).toEqual([
          expect.objectContaining({
            id: credentialOf("ada"),
            usable: true,
            pinLabel: "PIN",
            subject: expect.stringContaining("CN=Ada Lovelace") as string,
            issuer: expect.stringContaining("Paraphe test qualified signing CA") as string,
          }),
        ]);
        // The session is opaque: not the provider's token.
        expect(listed.session).toMatch(/^sealed:v1:/);
        // A code is good once.
        const again = await failure(client.envelope.qesCredentials({ ...firstLink, code, state }));
        expect(again.details).toContainEqual(
          expect.objectContaining({ message: "qes_authorization_expired" }),
        );

        const signWith = async (pin: string) =>
          client.envelope.sign({
            ...firstLink,
            signature: { kind: "drawn", image: await signaturePng() },
            qualified: { session: listed.session, credentialId: credentialOf("ada"), pin },
          });
        // Without the qualified part, refused.
        const missing = await failure(
          client.envelope.sign({
            ...firstLink,
            signature: { kind: "drawn", image: await signaturePng() },
          }),
        );
        expect(missing.details).toContainEqual(
          expect.objectContaining({ path: "qualified", message: "required" }),
        );
        // A wrong PIN: a clear refusal that changes nothing.
        const wrong = await failure(signWith("999999"));
        expect(wrong.code).toBe("CONFLICT");
        expect(wrong.details).toContainEqual(
          expect.objectContaining({ message: "qes_pin_invalid" }),
        );
        expect(wrong.message).not.toContain("999999");
        const afterWrong = await sender.api.envelope.get({ envelopeUuid });
        expect(afterWrong.recipients[0]?.status).toBe("pending");
        const untouched = await h.database.connection.db
          .selectFrom("envelopeDocument")
          .select(["revisionBlobKey"])
          .where("envelopeId", "=", envelopeUuid)
          .executeTakeFirstOrThrow();
        expect(untouched.revisionBlobKey).toBeNull();
        // The signer tries again with the right PIN.
        await expect(signWith(ada.pin)).resolves.toMatchObject({ recipientStatus: "signed" });

        const nextLink = await linkFromMail(h, second, envelopeUuid);
        const current = Buffer.from(
          (await signingClient(h).envelope.downloadSignerDocument(nextLink)).data,
          "base64",
        );
        const afterFirst = pdfsig(current, nss.nssdir);
        expect(afterFirst.match(/Signature #\d+:/g)).toHaveLength(1);
        expect(afterFirst).toContain("Signer Certificate Common Name: Ada Lovelace");
        expect(afterFirst).toContain("Signature is Valid");

        const alanTrip = await throughProvider(nextLink, alan);
        await readEveryPage(alanTrip.client, nextLink);
        const alanListed = await alanTrip.client.envelope.qesCredentials({
          ...nextLink,
          code: alanTrip.code,
          state: alanTrip.state,
        });
        // Another signer's session does not open for this one.
        const stolen = await failure(
          alanTrip.client.envelope.sign({
            ...nextLink,
            signature: { kind: "drawn", image: await signaturePng() },
            qualified: { session: listed.session, credentialId: credentialOf("ada"), pin: ada.pin },
          }),
        );
        expect(stolen.details).toContainEqual(
          expect.objectContaining({ message: "qes_authorization_expired" }),
        );
        await expect(
          alanTrip.client.envelope.sign({
            ...nextLink,
            signature: { kind: "drawn", image: await signaturePng() },
            qualified: {
              session: alanListed.session,
              credentialId: credentialOf("alan"),
              pin: alan.pin,
            },
          }),
        ).resolves.toMatchObject({ recipientStatus: "signed" });

        const ran = await h.t.jobs.runUntilIdle();
        expect(ran.every((outcome) => outcome === "done")).toBe(true);
        expect((await sender.api.envelope.get({ envelopeUuid })).status).toBe("complete");
        const sealed = Buffer.from(
          (await sender.api.envelope.download({ envelopeUuid, kind: "sealed" })).data,
          "base64",
        );
        // Both signers, the seal, then the archival timestamp (PAdES B-LTA).
        const report = pdfsig(sealed, nss.nssdir);
        expect(report.match(/Signature #\d+:/g)).toHaveLength(4);
        expect(report.match(/Signature is Valid/g)).toHaveLength(3);
        expect(report.match(/Certificate is Trusted/g)).toHaveLength(3);
        expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
        expect(report).toContain("Signer Certificate Common Name: Ada Lovelace");
        expect(report).toContain("Signer Certificate Common Name: Alan Turing");
        expect(report).toMatch(/Signature #4:[\s\S]*Paraphe archival timestamp/);
        expect(qpdfCheck(sealed).status).toBe(0);
        // The seal draws nothing over the signers' signatures: each page has the content the
        // last signer's revision gave it (their fields were drawn by their own signatures).
        const [, lastSignerEnd] = signedRevisionEnds(report);
        expect(await pageContentStreams(sealed)).toEqual(
          await pageContentStreams(sealed.subarray(0, lastSignerEnd)),
        );
        expect(pdfText(sealed)).toContain("Alan Turing");

        const proofPdf = Buffer.from(
          (await sender.api.envelope.download({ envelopeUuid, kind: "proof" })).data,
          "base64",
        );
        const proof = pdfText(proofPdf, { raw: true }).replace(/\s+/g, " ");
        expect(proof.match(/Qualified electronic signature \(QES\)/g)).toHaveLength(2);
        expect(proof).toMatch(/CN=Ada Lovelace/);
        expect(proof).toMatch(/CN=Alan Turing/);
        expect(proof).toContain("Paraphe test qualified signing CA");
        const activity = await sender.api.envelope.activity({ envelopeUuid });
        expect(activity.chainValid).toBe(true);

        // The seal found the status of the signers' certificates and of their issuing authority
        // in the provider's CRLs, and noted nothing missing.
        expect(service.crlRequests()).toBeGreaterThanOrEqual(2);
        const record = proofRecordSchema.parse(
          JSON.parse(
            new TextDecoder().decode(
              (await PDF.load(proofPdf)).getAttachment(PROOF_RECORD_FILENAME) ?? undefined,
            ),
          ),
        );
        const completed = record.chain.entries.at(-1)?.event;
        expect(completed).toMatchObject({
          type: "envelopeCompleted",
          data: { sealLevel: "B-LTA" },
        });
        expect(completed).not.toHaveProperty("data.sealNotes");
        // paraphe-verify, trusting the seal's certificate and the provider's root (as a trusted
        // list would), and the timestamp authority: every signature reaches B-LTA, nothing warned.
        const verified = await verifySealedDocument({
          sealed,
          proof: proofPdf,
          trustAnchors: [
            new X509Certificate(identity.certificatePem),
            new X509Certificate(service.rootPem),
          ],
          tsaTrustAnchors: [new X509Certificate(tsa.certificatePem)],
        });
        expect(verified.checks.filter((check) => check.status !== "pass")).toEqual([]);
        expect(verified.verdict).toBe("valid");
        expect(verified.levels).toEqual({
          "Ada Lovelace": "B-LTA",
          "Alan Turing": "B-LTA",
          Paraphe: "B-LTA",
        });
      } finally {
        nss.cleanup();
      }
    });
  },
);

describe("QES without a qualified provider", () => {
  let h: IdentityHarness;
  let sender: TeamMember;
  beforeAll(async () => {
    h = await createIdentityHarness("pglite");
    sender = await signUpMember(h, "sender");
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("is unavailable with its reason: the profile, sending and the signing link say so", async () => {
    expect((await sender.api.user.profile({})).capabilities?.qesSignature).toBe(false);
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
    });
    await sender.api.envelope.update({
      envelopeUuid: draft.uuid,
      options: { signatureLevel: "QES" },
    });
    const refused = await failure(sender.api.envelope.send({ envelopeUuid: draft.uuid }));
    expect(refused.message).toMatch(/qualified trust service provider, and none is configured/);
    expect(refused.details).toContainEqual(
      expect.objectContaining({ path: "options.signatureLevel", message: "level_unavailable" }),
    );
  });

  it("answers the link of an envelope not at QES with not_qualified", async () => {
    const email = uniqueEmail("ses");
    const draft = await sender.api.envelope.upload({
      files: [{ filename: "Lease.pdf", data: await tinyPdf(1) }],
    });
    const saved = await sender.api.envelope.saveRecipients({
      envelopeUuid: draft.uuid,
      recipients: [{ email, firstname: "Ses", lastname: "Signer" }],
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
          recipientUuid: saved.recipients[0]?.uuid ?? "",
        },
      ],
    });
    await sender.api.envelope.send({ envelopeUuid: draft.uuid });
    const link = await linkFromMail(h, email, draft.uuid);
    const refused = await failure(signingClient(h).envelope.qesAuthorize(link));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.details).toContainEqual(expect.objectContaining({ message: "not_qualified" }));
  });
});
