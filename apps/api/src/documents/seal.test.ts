import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlatformIdentity, loadOrCreatePlatformIdentity } from "./certificates";
import { sealPdfInThisThread, stampAndSealInThisThread } from "./seal";
import { sealPdf, stampAndSealPdf } from "./worker-pool";
import { type StampField, stampFields } from "./stamp";
import {
  makePdf,
  pdfText,
  renderGrey,
  makeSignaturePng,
  nssDatabaseTrusting,
  pdfsig,
  printFirstSignatureCms,
  qpdfCheck,
  temporaryDirectory,
} from "../test/documents";
import { startTestTsa } from "../test/tsa";
import { closeDocumentWorkers } from "./worker-pool";

const tmp = temporaryDirectory();
let identity: PlatformIdentity;
let nss: { nssdir: string; cleanup: () => void };
let tsa: Awaited<ReturnType<typeof startTestTsa>>;

beforeAll(async () => {
  identity = await loadOrCreatePlatformIdentity({ dataDir: tmp.dir });
  nss = nssDatabaseTrusting(identity.certificatePem);
  tsa = await startTestTsa();
});

afterAll(async () => {
  await closeDocumentWorkers();
  await tsa?.stop();
  nss?.cleanup();
  tmp.cleanup();
});

const seal = {
  reason: "Signed by every recipient; sealed by Paraphe",
  location: "Paraphe",
  signerName: "Paraphe seal",
} as const;

/** A drawn signature and a name with accents on the last of three pages. */
async function signatureAndName(): Promise<StampField[]> {
  return [
    {
      page: 2,
      x: 0.55,
      y: 0.8,
      width: 0.35,
      height: 0.1,
      kind: "signature",
      value: { png: await makeSignaturePng() },
    },
    {
      page: 2,
      x: 0.1,
      y: 0.8,
      width: 0.4,
      height: 0.04,
      kind: "name",
      value: "Zoë Łukasiewicz-Ñúñez",
    },
  ];
}

describe("sealPdf", () => {
  it("gives a B-B PAdES seal that pdfsig validates over the whole document and qpdf accepts", async () => {
    const stamped = await stampFields(await makePdf({ pages: 3 }), await signatureAndName());
    const sealed = (await sealPdf(stamped, { ...seal, identity, level: "B-B" })).bytes;

    const report = pdfsig(sealed, nss.nssdir);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Certificate is Trusted");
    expect(report).toContain("ETSI.CAdES.detached");
    expect(report).toContain("Paraphe development seal");
    const check = qpdfCheck(sealed);
    expect(check.output).toContain("No syntax or stream encoding errors");
    expect(check.status).toBe(0);
    const cms = printFirstSignatureCms(sealed);
    expect(cms).toMatch(/signingCertificateV2/i);
    expect(cms).not.toMatch(/timeStampToken/i);
  });

  it("gives a B-T seal carrying a timestamp token from the timestamp authority", async () => {
    const before = tsa.requests();
    const sealed = (
      await sealPdf(await makePdf(), {
        ...seal,
        identity,
        level: "B-T",
        tsaUrl: tsa.url,
      })
    ).bytes;

    expect(tsa.requests()).toBe(before + 1);
    const report = pdfsig(sealed, nss.nssdir);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(qpdfCheck(sealed).status).toBe(0);
    const cms = printFirstSignatureCms(sealed);
    expect(cms).toMatch(/timeStampToken/i);
    expect(cms).toMatch(/signingCertificateV2/i);
  });

  it("refuses B-T without a timestamp authority, and fails when the authority does not answer", async () => {
    const pdf = await makePdf();
    await expect(sealPdf(pdf, { ...seal, identity, level: "B-T" })).rejects.toThrow(/TSA_URL/);
    await expect(
      sealPdfInThisThread(pdf, {
        ...seal,
        identity,
        level: "B-T",
        tsaUrl: "http://127.0.0.1:9/tsa",
      }),
    ).rejects.toThrow();
  });

  it("seals a document that already carries a seal with a second, distinct signature", async () => {
    const once = (await sealPdf(await makePdf(), { ...seal, identity, level: "B-B" })).bytes;
    const twice = (await sealPdf(once, { ...seal, identity, level: "B-B" })).bytes;
    const report = pdfsig(twice, nss.nssdir);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).toContain("Total document signed");
  });

  it("keeps every earlier signature valid when a sealed PDF is stamped and sealed again", async () => {
    const signature = await makeSignaturePng();
    const once = (
      await sealPdf(
        await stampFields(await makePdf({ pages: 2 }), [
          {
            page: 0,
            x: 0.5,
            y: 0.8,
            width: 0.4,
            height: 0.1,
            kind: "signature",
            value: { png: signature },
          },
        ]),
        { ...seal, identity, level: "B-B" },
      )
    ).bytes;
    // Uploaded again into a new envelope: stamped with this round's fields, then sealed.
    const stamped = await stampFields(once, [
      { page: 1, x: 0.1, y: 0.8, width: 0.4, height: 0.04, kind: "name", value: "Zoë Łukasiewicz" },
      {
        page: 1,
        x: 0.5,
        y: 0.8,
        width: 0.4,
        height: 0.1,
        kind: "signature",
        value: { png: signature },
      },
      { page: 0, x: 0.1, y: 0.9, width: 0.05, height: 0.03, kind: "checkbox", value: "true" },
    ]);
    // Stamping appends: the sealed file is a prefix of the stamped one.
    expect(Buffer.from(stamped.subarray(0, once.length)).equals(Buffer.from(once))).toBe(true);
    const twice = (await sealPdf(stamped, { ...seal, identity, level: "B-B" })).bytes;

    const report = pdfsig(twice, nss.nssdir);
    expect(report.match(/Signature #\d+:/g)).toHaveLength(2);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
    expect(report).toContain("Total document signed");
    expect(qpdfCheck(twice).status).toBe(0);
  });
});

describe("stampAndSealPdf", () => {
  const fields = async (): Promise<StampField[]> => [
    ...(await signatureAndName()),
    { page: 0, x: 0.1, y: 0.9, width: 0.05, height: 0.03, kind: "checkbox", value: "true" },
  ];

  it("stamps and seals in one update that pdfsig validates over the whole document, drawn as stamping then sealing draws it", async () => {
    const original = await makePdf({ pages: 3 });
    const stamps = await fields();
    const sealed = (await stampAndSealPdf(original, stamps, { ...seal, identity, level: "B-B" }))
      .bytes;

    // Appended to: the original bytes are a prefix, and one revision was added.
    expect(Buffer.from(sealed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
      true,
    );
    const report = pdfsig(sealed, nss.nssdir);
    expect(report.match(/Signature #\d+:/g)).toHaveLength(1);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Certificate is Trusted");
    const check = qpdfCheck(sealed);
    expect(check.output).toContain("No syntax or stream encoding errors");
    expect(check.status).toBe(0);
    expect(pdfText(sealed)).toContain("Zoë Łukasiewicz-Ñúñez");

    const twoSteps = (
      await sealPdf(await stampFields(original, stamps), {
        ...seal,
        identity,
        level: "B-B",
      })
    ).bytes;
    for (const page of [1, 3]) {
      expect(renderGrey(sealed, page, 60).pixels).toEqual(renderGrey(twoSteps, page, 60).pixels);
    }
    // The font is written as a subset, as stampFields writes it.
    expect(Math.abs(sealed.length - twoSteps.length)).toBeLessThan(4096);
  });

  it("keeps every earlier signature valid in a PDF that already carries one", async () => {
    const once = (await sealPdf(await makePdf({ pages: 3 }), { ...seal, identity, level: "B-B" }))
      .bytes;
    const twice = (await stampAndSealPdf(once, await fields(), { ...seal, identity, level: "B-B" }))
      .bytes;

    const report = pdfsig(twice, nss.nssdir);
    expect(report.match(/Signature #\d+:/g)).toHaveLength(2);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report).not.toMatch(/Digest Mismatch|Signature is Invalid/);
    expect(report).toContain("Total document signed");
  });

  it("seals a document without fields, and gives B-T with the timestamp authority", async () => {
    const before = tsa.requests();
    const sealed = (
      await stampAndSealPdf(await makePdf(), [], {
        ...seal,
        identity,
        level: "B-T",
        tsaUrl: tsa.url,
      })
    ).bytes;
    expect(tsa.requests()).toBe(before + 1);
    expect(pdfsig(sealed, nss.nssdir)).toContain("Signature is Valid");
    expect(printFirstSignatureCms(sealed)).toMatch(/timeStampToken/i);
  });

  it("refuses a field off the document, or B-T without a timestamp authority, before sealing anything", async () => {
    const pdf = await makePdf({ pages: 1 });
    const stamps = await fields();
    await expect(
      stampAndSealInThisThread(pdf, stamps, { ...seal, identity, level: "B-B" }),
    ).rejects.toThrow(/page 3; the PDF has 1/);
    await expect(
      stampAndSealInThisThread(pdf, [{ ...stamps[1]!, width: 2 }], {
        ...seal,
        identity,
        level: "B-B",
      }),
    ).rejects.toThrow();
    await expect(stampAndSealPdf(pdf, [], { ...seal, identity, level: "B-T" })).rejects.toThrow(
      /TSA_URL/,
    );
  });
});
