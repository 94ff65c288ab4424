import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import {
  failure,
  linkFromMail,
  readEveryPage,
  sentEnvelope,
  sign,
  signingClient,
  signUpMember,
  type TeamMember,
} from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import { startTestS3, type TestS3 } from "../test/s3";

describe.each(testDatabaseKinds)("the api with BLOB_STORAGE=s3 on %s", (kind) => {
  let s3: TestS3;
  let h: IdentityHarness;
  let sender: TeamMember;
  let outsider: TeamMember;
  let bucket: S3Client;

  beforeAll(async () => {
    s3 = await startTestS3();
    h = await createIdentityHarness(kind, {}, s3.env);
    sender = await signUpMember(h, "sender", "Bucket team");
    outsider = await signUpMember(h, "outsider", "Other team");
    bucket = new S3Client({
      region: s3.settings.region,
      endpoint: s3.settings.endpoint ?? "",
      forcePathStyle: true,
      credentials: {
        accessKeyId: s3.settings.accessKeyId,
        secretAccessKey: s3.settings.secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    bucket.destroy();
    await h.destroy();
    await s3.stop();
  });

  async function objectKeys(): Promise<string[]> {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (page.Contents ?? []).flatMap((object) => object.Key ?? []);
  }

  it("uploads, signs and seals a document with every file in the bucket, encrypted", async () => {
    const signerEmail = uniqueEmail("signer");
    const envelope = await sentEnvelope(sender, [signerEmail], { pages: 2 });
    // The page previews, which the job queue renders after the upload.
    await h.t.jobs.runUntilIdle();
    const signer = signingClient(h);
    const link = await linkFromMail(h, signerEmail, envelope.uuid);
    await readEveryPage(signer, link);
    await sign(signer, link);
    await expect(h.t.jobs.runUntilIdle()).resolves.toEqual(["done"]);
    expect((await sender.api.envelope.get({ envelopeUuid: envelope.uuid })).status).toBe(
      "complete",
    );

    const sealed = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: envelope.uuid, kind: "sealed" })).data,
      "base64",
    );
    expect(sealed.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const proof = Buffer.from(
      (await sender.api.envelope.download({ envelopeUuid: envelope.uuid, kind: "proof" })).data,
      "base64",
    );
    expect(proof.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The original, its previews, the signature image, the sealed copy and the proof: all in the
    // bucket, none of them readable there.
    const keys = (await objectKeys()).filter((key) => key.includes(envelope.uuid));
    expect(keys.some((key) => key.endsWith("original.pdf"))).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) {
      const object = await bucket.send(
        new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }),
      );
      expect(object.ContentType).toBe("application/octet-stream");
      const raw = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      expect(raw.subarray(0, 4).toString("latin1")).toBe("PRBL");
      // No plaintext file header: a PDF's and a PNG's whole signatures, long enough that random
      // ciphertext does not hold them by chance (three letters like "PNG" it sometimes does).
      expect(raw.includes(Buffer.from("%PDF-1."))).toBe(false);
      expect(raw.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
        false,
      );
    }

    // Another team does not reach these files through the api.
    const elsewhere = await failure(
      outsider.api.envelope.download({ envelopeUuid: envelope.uuid, kind: "sealed" }),
    );
    expect(elsewhere.code).toBe("NOT_FOUND");
  }, 120_000);
});
