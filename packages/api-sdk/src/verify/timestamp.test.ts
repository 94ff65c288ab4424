import { type X509Certificate } from "node:crypto";
import { PDF } from "@libpdf/core";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPadesFixtures, type PadesFixtures } from "../test/pades";
import { checkPdfSignatures, type PdfSignatureCheck } from "./pdf-signatures";
import { type VerificationReport } from "./verification-report";
import { verifySealedDocument } from "./verify";

let fixtures: PadesFixtures;
beforeAll(async () => {
  fixtures = await createPadesFixtures();
});
afterAll(() => fixtures.cleanup());

async function sealCheck(bytes: Uint8Array): Promise<PdfSignatureCheck> {
  const checks = checkPdfSignatures(bytes, await PDF.load(bytes));
  expect(checks).toHaveLength(1);
  return checks[0]!;
}

function keys(report: VerificationReport, aspect: string): string[] {
  return report.checks
    .filter((check) => check.aspect === aspect)
    .map((check) => `${check.file}:${check.status}:${check.message.key}`);
}

/** The token's TSTInfo genTime with its last digit of seconds changed (a token changed after signing). */
function changeGenTime(token: Uint8Array): Uint8Array {
  const changed = Buffer.from(token);
  // GeneralizedTime, 15 characters: YYYYMMDDhhmmssZ.
  const at = changed.indexOf(Buffer.from([0x18, 0x0f]));
  expect(at).toBeGreaterThan(0);
  const digit = at + 2 + 13;
  changed[digit] = (changed[digit] ?? 0) ^ 0x01;
  return new Uint8Array(changed);
}

/** The token with its certificates replaced by `certificate` (same key, subject and serial). */
function replaceCertificates(token: Uint8Array, certificate: X509Certificate): Uint8Array {
  const contentInfo = pkijs.ContentInfo.fromBER(new Uint8Array(token));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  signedData.certificates = [pkijs.Certificate.fromBER(new Uint8Array(certificate.raw))];
  const replaced = new pkijs.ContentInfo({
    contentType: contentInfo.contentType,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(replaced.toSchema().toBER(false));
}

describe("the timestamp token of a PAdES B-T seal", () => {
  it("is read and checked: over the seal's signature value, intact, from a timestamping certificate", async () => {
    const before = Date.now();
    const check = await sealCheck(await fixtures.sealed({ level: "B-T" }));
    expect(check.signature).toBe("valid");
    expect(check.timestamp).toMatchObject({ status: "valid" });
    expect(check.timestamp?.tsa?.raw.equals(fixtures.tsa.raw)).toBe(true);
    // openssl writes whole seconds.
    expect(check.timestamp?.genTime?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(check.timestamp?.genTime?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("is absent from a B-B seal", async () => {
    const check = await sealCheck(await fixtures.sealed({ level: "B-B" }));
    expect(check.signature).toBe("valid");
    expect(check.timestamp).toBeUndefined();
  });

  it("fails a token over other bytes than the seal's signature value, the seal itself intact", async () => {
    const tsa = fixtures.timestampAuthority({
      imprint: (digest) => digest.map((byte) => byte ^ 1),
    });
    const check = await sealCheck(await fixtures.sealed({ level: "B-T", tsa }));
    expect(tsa.requests()).toBe(1);
    expect(check).toMatchObject({ digest: "match", signature: "valid" });
    expect(check.timestamp).toMatchObject({ status: "invalid", failure: "imprint" });
  });

  it("fails a token changed after the timestamp authority signed it", async () => {
    const tsa = fixtures.timestampAuthority({ change: changeGenTime });
    const check = await sealCheck(await fixtures.sealed({ level: "B-T", tsa }));
    expect(check).toMatchObject({ digest: "match", signature: "valid" });
    expect(check.timestamp).toMatchObject({ status: "invalid", failure: "signature" });
  });

  it("fails a token whose signer's certificate is not a timestamping certificate", async () => {
    const tsa = fixtures.timestampAuthority({
      change: (token) => replaceCertificates(token, fixtures.tsaWithoutTimestamping),
    });
    const check = await sealCheck(await fixtures.sealed({ level: "B-T", tsa }));
    expect(check.timestamp).toMatchObject({ status: "invalid", failure: "not-timestamping" });
  });

  it("reports a token without the authority's certificate as unreadable", async () => {
    const tsa = fixtures.timestampAuthority({
      change: (token) => {
        const contentInfo = pkijs.ContentInfo.fromBER(new Uint8Array(token));
        const signedData = new pkijs.SignedData({ schema: contentInfo.content });
        delete signedData.certificates;
        return new Uint8Array(
          new pkijs.ContentInfo({
            contentType: contentInfo.contentType,
            content: signedData.toSchema(true),
          })
            .toSchema()
            .toBER(false),
        );
      },
    });
    const check = await sealCheck(await fixtures.sealed({ level: "B-T", tsa }));
    expect(check.timestamp).toMatchObject({
      status: "unreadable",
      problem: "the timestamp authority's certificate is not in the token",
    });
  });

  it("reports a token that is not a SignedData as unreadable", async () => {
    const tsa = fixtures.timestampAuthority({
      change: () =>
        new Uint8Array(
          new pkijs.ContentInfo({
            contentType: "1.2.840.113549.1.7.1",
            content: new asn1js.OctetString({ valueHex: new Uint8Array([1, 2, 3]) }),
          })
            .toSchema()
            .toBER(false),
        ),
    });
    const check = await sealCheck(await fixtures.sealed({ level: "B-T", tsa }));
    expect(check.signature).toBe("valid");
    expect(check.timestamp).toMatchObject({
      status: "unreadable",
      problem: "not a CMS SignedData",
    });
  });
});

describe("verifySealedDocument with timestamp tokens", () => {
  it("passes B-T seals whose authority leads to a --tsa-ca anchor, and checks the seal's chain at the token's time", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal],
      tsaTrustAnchors: [fixtures.tsa],
    });
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(report.verdict).toBe("valid");
    expect(keys(report, "timestamp")).toEqual([
      "document:pass:timestampValid",
      "proof:pass:timestampValid",
    ]);
    const timestamp = report.checks.find((check) => check.aspect === "timestamp");
    const chain = report.checks.find((check) => check.aspect === "certificates");
    expect(timestamp?.message.values).toMatchObject({
      name: "Seal",
      tsa: "Test timestamp authority",
      root: "Test timestamp authority",
    });
    expect(chain?.message.values["date"]).toBe(timestamp?.message.values["genTime"]);
  });

  it("says the authority's root was not checked without an anchor for it: root-not-checked", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const report = await verifySealedDocument({ sealed, proof, trustAnchors: [fixtures.seal] });
    expect(report.verdict).toBe("root-not-checked");
    expect(keys(report, "timestamp")).toEqual([
      "document:warn:timestampRootNotChecked",
      "proof:warn:timestampRootNotChecked",
    ]);
    expect(keys(report, "certificates")).toEqual([
      "document:pass:chainTrusted",
      "proof:pass:chainTrusted",
    ]);
  });

  it("trusts an authority given with --ca too", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal, fixtures.tsa],
    });
    expect(report.verdict).toBe("valid");
  });

  it("fails an authority whose chain leads to none of the --tsa-ca anchors", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T" });
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal],
      tsaTrustAnchors: [fixtures.seal],
    });
    expect(report.verdict).toBe("invalid");
    // The self-signed TSA certificate (no keyCertSign) is not its own issuer: none is found.
    expect(keys(report, "timestamp")).toEqual([
      "document:fail:timestampChainIssuerMissing",
      "proof:fail:timestampChainIssuerMissing",
    ]);
  });

  it("fails a seal whose token is over other bytes: invalid", async () => {
    const tsa = fixtures.timestampAuthority({
      imprint: (digest) => digest.map((byte) => byte ^ 1),
    });
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-T", tsa });
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal],
      tsaTrustAnchors: [fixtures.tsa],
    });
    expect(report.verdict).toBe("invalid");
    expect(keys(report, "timestamp")).toEqual([
      "document:fail:timestampImprintMismatch",
      "proof:fail:timestampImprintMismatch",
    ]);
    expect(keys(report, "digest")).toEqual(["document:pass:digestMatch", "proof:pass:digestMatch"]);
  });

  it("keeps a B-B seal's verdict, saying its signing time is only claimed", async () => {
    const { sealed, proof } = await fixtures.sealedWithProof({ level: "B-B" });
    const trusted = await verifySealedDocument({ sealed, proof, trustAnchors: [fixtures.seal] });
    expect(trusted.verdict).toBe("valid");
    expect(keys(trusted, "timestamp")).toEqual([
      "document:warn:timestampMissing",
      "proof:warn:timestampMissing",
    ]);
    const unchecked = await verifySealedDocument({ sealed, proof });
    expect(unchecked.verdict).toBe("root-not-checked");
    expect(keys(unchecked, "certificates")).toEqual([
      "document:warn:chainRootNotChecked",
      "proof:warn:chainRootNotChecked",
    ]);
  });
});
