import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { type ProofInput, renderProof } from "./proof";
import { closeDocumentWorkers } from "./worker-pool";
import { makeSignaturePng, pdfText } from "../test/documents";

const input: ProofInput = {
  language: "fr",
  title: "Contrat de prestation",
  envelopeId: "7d1c3a52-4f7e-4c1a-9a55-0f7c9f1e2b3a",
  originalSha256: "a".repeat(64),
  sealedSha256: "b".repeat(64),
  events: [],
  signers: [],
  generatedAt: new Date("2026-12-07T00:00:00.000Z"),
};

/** The image XObjects of the proof's first page. */
async function firstPageImages(pdf: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(pdf);
  const resources = document.getPage(0).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (xObjects === undefined) return 0;
  return xObjects
    .entries()
    .map(([, ref]) => document.context.lookup(ref))
    .filter(
      (object) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
    ).length;
}

describe("the proof's cover with the team's branding", () => {
  afterAll(async () => {
    await closeDocumentWorkers();
  });

  it("shows the team's logo and name on the first page; none without branding", async () => {
    const logo = await makeSignaturePng();
    const branded = await renderProof({
      ...input,
      brand: { name: "Atelier Nocturne", logo: { bytes: logo, type: "image/png" } },
    });
    expect(pdfText(branded)).toContain("Atelier Nocturne");
    expect(await firstPageImages(branded)).toBeGreaterThanOrEqual(1);
    const plain = await renderProof(input);
    expect(pdfText(plain)).not.toContain("Atelier Nocturne");
    expect(await firstPageImages(plain)).toBe(0);
  });
});
