import { createHash } from "node:crypto";
import { PDF } from "@libpdf/core";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPadesFixtures, type PadesFixtures } from "../test/pades";
import {
  PROOF_RECORD_FILENAME,
  PROOF_SEAL_FIELD_NAME,
  PROOF_SEAL_REASON,
  buildProofRecord,
  encodeProofRecord,
} from "./proof-record";
import { type VerificationReport } from "./verification-report";
import { verifySealedDocument } from "./verify";

let fixtures: PadesFixtures;
beforeAll(async () => {
  fixtures = await createPadesFixtures();
});
afterAll(() => fixtures.cleanup());

function keys(report: VerificationReport, aspect: string): string[] {
  return report.checks
    .filter((check) => check.aspect === aspect)
    .map((check) => `${check.file}:${check.status}:${check.message.key}`);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A record naming `sealed` as its sealed document, with invented events. */
function inventedRecord(sealed: Uint8Array): Uint8Array {
  const hash = sha256(sealed);
  const at = "2026-11-20T09:00:00.000Z";
  return encodeProofRecord(
    buildProofRecord({
      envelopeId: "invented",
      title: "Invented",
      generatedAt: new Date(at),
      documents: [{ originalSha256: hash, sealedSha256: hash }],
      events: [
        { type: "envelopeCreated", at, actor: { email: "nobody@example.com" } },
        { type: "documentSigned", at, actor: { email: "victim@example.com" } },
      ],
    }),
  );
}

/**
 * The seal's /Contents with the unsigned timestamp token removed from its CMS and the rest of the
 * hexadecimal string padded with zeros: outside the byte range, the seal itself still verifies.
 */
function stripTimestampToken(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  const range = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (range === undefined) throw new Error("no /ByteRange");
  const [gapStart, gapEnd] = [Number(range[2]), Number(range[3])];
  const der = Buffer.from(text.slice(gapStart + 1, gapEnd - 1), "hex");
  const contentInfo = pkijs.ContentInfo.fromBER(new Uint8Array(der));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signer = signedData.signerInfos[0];
  if (signer?.unsignedAttrs === undefined) throw new Error("the seal carries no token");
  delete signer.unsignedAttrs;
  const stripped = Buffer.from(
    new pkijs.ContentInfo({ contentType: contentInfo.contentType, content: signedData.toSchema() })
      .toSchema()
      .toBER(false),
  )
    .toString("hex")
    .padEnd(gapEnd - gapStart - 2, "0");
  const result = Uint8Array.from(bytes);
  result.set(Buffer.from(stripped, "latin1"), gapStart + 1);
  return result;
}

describe("what the verifier takes as an audit-log proof", () => {
  it("refuses a sealed document that carries a paraphe-proof.json of its own (a forged proof), and reads nothing of its record", async () => {
    const { sealed } = await fixtures.sealedWithProof({ level: "B-B" });
    // An upload carrying an invented record, sealed as Paraphe seals documents.
    const forged = await fixtures.sealed({
      level: "B-B",
      attachment: { name: PROOF_RECORD_FILENAME, bytes: inventedRecord(sealed) },
      fieldName: "Paraphe",
      reason: "Sealed by Paraphe after every signer signed",
    });
    const report = await verifySealedDocument({
      sealed,
      proof: forged,
      trustAnchors: [fixtures.seal],
    });
    expect(report.verdict).toBe("invalid");
    expect(keys(report, "origin")).toEqual(["proof:fail:proofSealForeign"]);
    expect(report.checks.find((check) => check.aspect === "origin")?.message.values).toEqual({
      name: "Paraphe",
      reason: "Sealed by Paraphe after every signer signed",
      expectedName: PROOF_SEAL_FIELD_NAME,
      expectedReason: PROOF_SEAL_REASON,
    });
    // Its record is not read: no events, no hash found in it.
    expect(keys(report, "events")).toEqual([]);
    expect(keys(report, "hash")).toEqual([]);
    expect(report.record).toBeUndefined();
    // The seal itself is intact: only what it is taken for fails.
    expect(keys(report, "signature")).toEqual([
      "document:pass:signatureValid",
      "proof:pass:signatureValid",
    ]);
  });

  it("takes a proof sealed once, over the whole file, with the proof seal's name and reason", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const report = await verifySealedDocument({ sealed, proof, trustAnchors: [fixtures.seal] });
    expect(keys(report, "origin")).toEqual(["proof:pass:proofSealRecognised"]);
    expect(report.verdict).toBe("valid");
  });

  it("refuses a proof changed after its seal, and reads nothing of it", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const appended = Buffer.concat([proof, Buffer.from("\n% appended after the seal\n")]);
    const report = await verifySealedDocument({
      sealed,
      proof: appended,
      trustAnchors: [fixtures.seal],
    });
    expect(keys(report, "origin")).toEqual(["proof:fail:proofAppended"]);
    expect(keys(report, "events")).toEqual([]);
    expect(report.verdict).toBe("invalid");
  });

  it("refuses a proof that carries a second signature", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const pdf = await PDF.load(proof);
    const { signer } = await fixtures.otherSeal();
    const { bytes: twice } = await pdf.sign({
      signer,
      fieldName: PROOF_SEAL_FIELD_NAME + " again",
      reason: PROOF_SEAL_REASON,
      digestAlgorithm: "SHA-256",
      estimatedSize: 16_384,
    });
    const report = await verifySealedDocument({
      sealed,
      proof: twice,
      trustAnchors: [fixtures.seal],
    });
    expect(report.verdict).toBe("invalid");
    expect(keys(report, "origin")).toEqual(["proof:fail:proofSignatureCount"]);
    expect(keys(report, "events")).toEqual([]);
  });
});

describe("which certificate made the seals", () => {
  it("fails a proof sealed by another certificate than the document, though both are trusted", async () => {
    const other = await fixtures.otherSeal();
    const { sealed, proof } = await fixtures.sealedWithProof({
      level: "B-B",
      proofSigner: other.signer,
    });
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal, other.certificate],
    });
    expect(keys(report, "certificates")).toEqual([
      "document:pass:chainTrusted",
      "proof:pass:chainTrusted",
    ]);
    expect(keys(report, "identity")).toEqual([
      "document:pass:sealIsAnchor",
      "proof:fail:sealsDiffer",
    ]);
    expect(report.verdict).toBe("invalid");
  });

  it("pins the seal to the certificate given: passes its own, fails any other", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const pinned = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal],
      sealCertificate: fixtures.seal,
    });
    expect(keys(pinned, "identity")).toEqual(["document:pass:sealPinned", "proof:pass:sealsSame"]);
    expect(pinned.verdict).toBe("valid");

    const other = await fixtures.otherSeal();
    const foreign = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal],
      sealCertificate: other.certificate,
    });
    expect(keys(foreign, "identity")).toEqual([
      "document:fail:sealNotPinned",
      "proof:pass:sealsSame",
    ]);
    expect(foreign.verdict).toBe("invalid");
  });

  it("says the seal was not pinned when nothing names it: root-not-checked, never valid", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const report = await verifySealedDocument({ sealed, proof });
    expect(keys(report, "identity")).toEqual([
      "document:warn:sealIdentityNotPinned",
      "proof:pass:sealsSame",
    ]);
    expect(report.verdict).toBe("root-not-checked");
  });
});

describe("the proof's timestamp when a timestamp authority is given", () => {
  it("fails a B-T proof whose token was stripped from its seal", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const stripped = stripTimestampToken(proof);
    const anchors = { trustAnchors: [fixtures.seal], tsaTrustAnchors: [fixtures.tsa] };
    const report = await verifySealedDocument({ sealed, proof: stripped, ...anchors });
    // The seal's own signature does not cover its unsigned attributes: it still verifies.
    expect(keys(report, "signature")).toEqual([
      "document:pass:signatureValid",
      "proof:pass:signatureValid",
    ]);
    expect(keys(report, "timestamp")).toEqual([
      "document:pass:timestampValid",
      "proof:fail:timestampRequired",
    ]);
    expect(report.verdict).toBe("invalid");
    // Without --tsa-ca, a seal without a token only claims its time, as a B-B seal does.
    const unanchored = await verifySealedDocument({
      sealed,
      proof: stripped,
      trustAnchors: [fixtures.seal],
    });
    expect(keys(unanchored, "timestamp")).toEqual([
      "document:warn:timestampRootNotChecked",
      "proof:warn:timestampMissing",
    ]);
  });

  it("fails a token from an authority other than the --tsa-ca one, even one under a --ca certificate", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const other = await fixtures.otherSeal();
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal, fixtures.tsa],
      tsaTrustAnchors: [other.certificate],
    });
    expect(keys(report, "timestamp")).toEqual([
      "document:fail:timestampChainIssuerMissing",
      "proof:fail:timestampChainIssuerMissing",
    ]);
    expect(report.verdict).toBe("invalid");
  });
});
