import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { promisify } from "node:util";
import { PDF, PdfDict, PdfName, PdfNumber, PdfRef } from "@libpdf/core";
import { verifySealedDocument, type VerificationReport } from "@paraphe/api-sdk/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlatformIdentity } from "./certificates";
import { sealPdfInThisThread, type SealOptions } from "./seal";
import { issueSignerCertificate, loadOrCreateSignerAuthority } from "./signer-authority";
import { signAsSignerInThisThread } from "./signer-signature";
import { closeDocumentWorkers, sealPdf } from "./worker-pool";
import {
  makePdf,
  nssDatabaseTrusting,
  qpdfCheck,
  requireTool,
  temporaryDirectory,
} from "../test/documents";
import {
  startTestValidationAuthority,
  type TestValidationAuthority,
} from "../test/validation-authority";

let authority: TestValidationAuthority;
let crlAuthority: TestValidationAuthority;
let nss: { nssdir: string; cleanup: () => void };
let earlierSigner: PlatformIdentity;

beforeAll(async () => {
  [authority, crlAuthority] = await Promise.all([
    startTestValidationAuthority({ revocation: "ocsp" }),
    startTestValidationAuthority({ revocation: "crl" }),
  ]);
  earlierSigner = await authority.issue("Earlier signer");
  nss = nssDatabaseTrusting(authority.caPem);
}, 60_000);

afterAll(async () => {
  await closeDocumentWorkers();
  await authority?.stop();
  await crlAuthority?.stop();
  nss?.cleanup();
});

const seal = { reason: "Sealed by Paraphe", location: "Paraphe", signerName: "Paraphe" } as const;

function sealOptions(of: TestValidationAuthority, level: SealOptions["level"]): SealOptions {
  // The test's services run on this machine.
  return {
    ...seal,
    identity: of.identity,
    level,
    tsaUrl: of.tsa.url,
    allowPrivateValidationAddresses: true,
  };
}

/** A document an earlier signer signed (PAdES B-T), as the signers' own signatures are. */
async function signedByEarlierSigner(): Promise<Uint8Array> {
  const { bytes } = await sealPdfInThisThread(await makePdf({ pages: 2 }), {
    ...seal,
    signerName: "Earlier signer",
    reason: "Signed",
    identity: earlierSigner,
    level: "B-T",
    tsaUrl: authority.tsa.url,
  });
  return bytes;
}

/** paraphe-verify's checks of the sealed document (the proof's are another test's business). */
async function verifyDocument(
  sealed: Uint8Array,
  of: TestValidationAuthority,
  otherAnchors: readonly X509Certificate[] = [],
): Promise<VerificationReport> {
  const ca = new X509Certificate(of.caPem);
  return verifySealedDocument({
    sealed,
    proof: sealed,
    trustAnchors: [ca, ...otherAnchors],
    tsaTrustAnchors: [ca],
    sealCertificate: new X509Certificate(of.identity.certificate),
  });
}

/**
 * pdfsig's report, run without blocking this process: NSS asks the OCSP responder the
 * certificates name, which this process serves (pdfsig's -no-ocsp would skip it, but then poppler
 * reports a stale NSS error as "Unknown issue" for a chain that verified).
 */
async function pdfsig(pdf: Uint8Array, nssdir: string): Promise<string> {
  requireTool("pdfsig");
  const tmp = temporaryDirectory("paraphe-pdfsig-");
  try {
    const { stdout, stderr } = await promisify(execFile)("pdfsig", [
      "-nssdir",
      nssdir,
      tmp.file("in.pdf", pdf),
    ]).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }));
    return `${stdout}${stderr}`;
  } finally {
    tmp.cleanup();
  }
}

function documentFailures(report: VerificationReport): string[] {
  return report.checks
    .filter((check) => check.file === "document" && check.status === "fail")
    .map((check) => check.message.key);
}

describe("a B-LTA seal", () => {
  it("carries the validation data of every signature and a document timestamp, checked offline", async () => {
    const ocspBefore = authority.ocspRequests();
    const result = await sealPdf(await signedByEarlierSigner(), sealOptions(authority, "B-LTA"));

    expect(result.level).toBe("B-LTA");
    expect(result.warnings).toEqual([]);
    expect(authority.ocspRequests()).toBeGreaterThan(ocspBefore);

    const report = await pdfsig(result.bytes, nss.nssdir);
    expect(report.match(/Signature is Valid/g)).toHaveLength(2);
    expect(report.match(/Certificate is Trusted/g)).toHaveLength(2);
    expect(report).toContain("Signature Field Name: Paraphe archival timestamp");
    const check = qpdfCheck(result.bytes);
    expect(check.output).toContain("No syntax or stream encoding errors");
    expect(check.status).toBe(0);

    const pdf = await PDF.load(result.bytes);
    expect(pdf.getCatalog().get("DSS")).toBeDefined();

    const verified = await verifyDocument(result.bytes, authority);
    expect(documentFailures(verified)).toEqual([]);
    expect(verified.levels).toEqual({ "Earlier signer": "B-LTA", Paraphe: "B-LTA" });
    const keys = verified.checks.filter((c) => c.file === "document").map((c) => c.message.key);
    expect(keys).toContain("documentTimestampValid");
    expect(keys).toContain("coverageValidationData");
    expect(keys).toContain("revocationGood");
    expect(keys).not.toContain("revocationMissing");
  });

  it("needs no revocation data for a short-lived certificate that says none is published", async () => {
    const signer = await authority.issue("Short-lived signer", { shortLived: true });
    const { bytes: signed } = await sealPdfInThisThread(await makePdf(), {
      ...sealOptions(authority, "B-T"),
      identity: signer,
      signerName: "Short-lived signer",
    });
    const result = await sealPdf(signed, sealOptions(authority, "B-LTA"));
    expect(result.warnings).toEqual([]);
    const report = await verifyDocument(result.bytes, authority);
    expect(documentFailures(report)).toEqual([]);
    expect(report.levels).toEqual({ "Short-lived signer": "B-LTA", Paraphe: "B-LTA" });
    expect(report.checks.map((check) => check.message.key)).toContain("revocationNotNeeded");
  });

  it("needs no revocation data for an advanced signer's one-hour certificate of the signer authority", async () => {
    const tmp = temporaryDirectory("paraphe-signer-authority-");
    try {
      const signerAuthority = await loadOrCreateSignerAuthority({ dataDir: tmp.dir });
      const issued = await issueSignerCertificate(signerAuthority, {
        name: "Zoë Martin",
        email: "zoe@example.com",
        check: "email_code",
      });
      const signed = await signAsSignerInThisThread(await makePdf(), [], {
        certificate: issued.certificate,
        pkcs8: issued.pkcs8,
        chain: issued.chain,
        fieldName: "Zoë Martin",
        reason: "Signed with Paraphe (advanced electronic signature)",
        location: "Paraphe",
      });
      const result = await sealPdf(signed, sealOptions(authority, "B-LTA"));
      expect(result.warnings).toEqual([]);
      const report = await verifyDocument(result.bytes, authority, [
        new X509Certificate(signerAuthority.certificatePem),
      ]);
      expect(documentFailures(report)).toEqual([]);
      expect(report.levels).toEqual({ "Zoë Martin": "B-LTA", Paraphe: "B-LTA" });
    } finally {
      tmp.cleanup();
    }
  });

  it("takes CRLs when the certificates name no OCSP responder", async () => {
    const crlBefore = crlAuthority.crlRequests();
    const result = await sealPdf(await makePdf(), sealOptions(crlAuthority, "B-LTA"));

    expect(result.warnings).toEqual([]);
    expect(crlAuthority.crlRequests()).toBeGreaterThan(crlBefore);
    expect(crlAuthority.ocspRequests()).toBe(0);
    const verified = await verifyDocument(result.bytes, crlAuthority);
    expect(documentFailures(verified)).toEqual([]);
    expect(verified.levels).toEqual({ Paraphe: "B-LTA" });
    const good = verified.checks.filter((c) => c.message.key === "revocationGood");
    expect(good.length).toBeGreaterThan(0);
    expect(good.every((c) => c.message.values.source === "CRL")).toBe(true);
  });

  it("records that revocation data was unavailable, and the verifier says the level it has", async () => {
    authority.setAvailable(false);
    let result;
    try {
      result = await sealPdf(await makePdf(), sealOptions(authority, "B-LTA"));
    } finally {
      authority.setAvailable(true);
    }
    expect(result.level).toBe("B-LTA");
    expect(result.warnings.map((warning) => warning.code)).toContain("REVOCATION_UNAVAILABLE");
    const messages = result.warnings.map((warning) => warning.message).join(" ");
    // The seal's certificate, the authority's first (serial 1001), named without its subject.
    expect(messages).toContain("serial 1001 ");
    expect(messages).toContain('issued by "CN=Paraphe test validation authority"');
    expect(messages).not.toContain("Paraphe test seal");

    const verified = await verifyDocument(result.bytes, authority);
    expect(documentFailures(verified)).toEqual([]);
    expect(verified.levels).toEqual({ Paraphe: "B-T" });
    expect(verified.checks.map((c) => c.message.key)).toContain("revocationMissing");
  });

  it("reaches only public addresses for validation data unless told otherwise", async () => {
    const ocspBefore = authority.ocspRequests();
    const { allowPrivateValidationAddresses: _, ...publicOnly } = sealOptions(authority, "B-LTA");
    const result = await sealPdf(await makePdf(), publicOnly);
    // The responder on 127.0.0.1, which the seal's certificate names, was not asked.
    expect(authority.ocspRequests()).toBe(ocspBefore);
    expect(result.warnings.map((warning) => warning.code)).toContain("REVOCATION_UNAVAILABLE");
    expect((await verifyDocument(result.bytes, authority)).levels).toEqual({ Paraphe: "B-T" });
  });

  it("fails a certificate revoked before it was used, not one revoked after", async () => {
    // A signer who signed, then lost their certificate: their signature stands.
    const signer = await authority.issue("Signer revoked later");
    const { bytes: signed } = await sealPdfInThisThread(await makePdf(), {
      ...sealOptions(authority, "B-T"),
      identity: signer,
      signerName: "Signer revoked later",
    });
    // Revocation times are whole seconds: the revocation comes strictly after the signature.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await authority.revoke(signer);
    const later = await sealPdf(signed, sealOptions(authority, "B-LTA"));
    const report = await verifyDocument(later.bytes, authority);
    expect(documentFailures(report)).toEqual([]);
    expect(report.levels).toEqual({ "Signer revoked later": "B-LTA", Paraphe: "B-LTA" });
    expect(report.checks.map((check) => check.message.key)).toContain("revocationRevokedLater");

    // A seal made with a certificate already revoked.
    const revoked = await authority.issue("Revoked seal");
    await authority.revoke(revoked);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sealed = await sealPdf(await makePdf(), {
      ...sealOptions(authority, "B-LTA"),
      identity: revoked,
    });
    const failing = await verifyDocument(sealed.bytes, authority);
    expect(documentFailures(failing)).toContain("revocationRevoked");
    expect(failing.levels).toEqual({ Paraphe: "B-T" });
  });

  it("says B-T of a timestamped seal without validation data, B-B of one without a timestamp", async () => {
    const timestamped = await sealPdf(await makePdf(), sealOptions(authority, "B-T"));
    expect((await verifyDocument(timestamped.bytes, authority)).levels).toEqual({ Paraphe: "B-T" });
    const basic = await sealPdf(await makePdf(), {
      ...seal,
      identity: authority.identity,
      level: "B-B",
    });
    expect(basic.level).toBe("B-B");
    expect((await verifyDocument(basic.bytes, authority)).levels).toEqual({ Paraphe: "B-B" });
  });

  it("fails when the validation data, the document timestamp or what follows them is changed", async () => {
    const { bytes } = await sealPdf(await makePdf(), sealOptions(authority, "B-LTA"));
    const text = Buffer.from(bytes).toString("latin1");

    // A byte of the first DSS (covered by the document timestamp) changed.
    const dss = text.indexOf("/Type /DSS");
    expect(dss).toBeGreaterThan(0);
    const inDss = Uint8Array.from(bytes);
    const at = text.lastIndexOf("stream", dss) - 20;
    inDss[at] = inDss[at] === 0x31 ? 0x32 : 0x31;
    expect(documentFailures(await verifyDocument(inDss, authority))).toContain(
      "documentTimestampImprintMismatch",
    );

    // A digit of the document timestamp's token changed.
    const timestamp = text.indexOf("/Type /DocTimeStamp");
    const contents = text.indexOf("/Contents <", timestamp) + "/Contents <".length + 1200;
    const inToken = Uint8Array.from(bytes);
    inToken[contents] = inToken[contents] === 0x30 ? 0x31 : 0x30;
    const tokenFailures = documentFailures(await verifyDocument(inToken, authority));
    expect(
      tokenFailures.some(
        (key) => key === "timestampSignatureInvalid" || key === "timestampUnreadable",
      ),
    ).toBe(true);

    // A revision after the document timestamp that changes the document, not its validation data.
    const pdf = await PDF.load(bytes);
    pdf.getCatalog().set("PageLayout", PdfName.of("TwoColumnLeft"));
    const appended = await pdf.save({ incremental: true });
    expect(documentFailures(await verifyDocument(appended, authority))).toContain(
      "coverageModifiedAfter",
    );

    // One that turns every page: the page tree is not validation data.
    const turned = await PDF.load(bytes);
    const pagesRef = turned.getCatalog().get("Pages");
    const pages = pagesRef instanceof PdfRef ? turned.getObject(pagesRef) : undefined;
    if (!(pages instanceof PdfDict)) throw new Error("no page tree");
    pages.set("Rotate", PdfNumber.of(90));
    const rotated = await verifyDocument(await turned.save({ incremental: true }), authority);
    const modified = rotated.checks.find((check) => check.message.key === "coverageModifiedAfter");
    expect(modified?.message.values.reason).toBe(
      `a later revision changes object ${pagesRef instanceof PdfRef ? pagesRef.objectNumber : "?"}`,
    );
  });
});
