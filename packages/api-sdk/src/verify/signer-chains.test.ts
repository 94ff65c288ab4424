import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CryptoKeySigner, PDF, type PAdESLevel } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPadesFixtures, type PadesFixtures } from "../test/pades";
import {
  buildProofRecord,
  encodeProofRecord,
  PROOF_RECORD_FILENAME,
  PROOF_SEAL_FIELD_NAME,
  PROOF_SEAL_REASON,
} from "./proof-record";
import { type VerificationReport } from "./verification-report";
import { verifySealedDocument } from "./verify";

// A signer's signature (a certificate a signer authority issued, as Paraphe's advanced signers
// get) and the seal over it, at B-B and B-T: the signer's chain is checked against the trusted
// roots as the seal's is, not only at B-LT and B-LTA.

let fixtures: PadesFixtures;
const dir = mkdtempSync(path.join(tmpdir(), "paraphe-signer-chains-"));
let authority: X509Certificate;
let otherAuthority: X509Certificate;
let signer: CryptoKeySigner;
/** The same key and certificate, its authority not carried by the signature. */
let signerAlone: CryptoKeySigner;

function openssl(args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
}

function ecKey(name: string): void {
  openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", name]);
}

/** A self-signed certification authority. */
function certificationAuthority(name: string, commonName: string): X509Certificate {
  ecKey(`${name}.key`);
  openssl(
    ["req", "-x509", "-key", `${name}.key`, "-days", "2", "-subj", `/CN=${commonName}`].concat([
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
      "-out",
      `${name}.pem`,
    ]),
  );
  return new X509Certificate(readFileSync(path.join(dir, `${name}.pem`)));
}

beforeAll(async () => {
  fixtures = await createPadesFixtures();
  authority = certificationAuthority("authority", "Test signer authority");
  otherAuthority = certificationAuthority("other", "Other authority");
  ecKey("signer.key");
  openssl([
    "req",
    "-new",
    "-utf8",
    "-key",
    "signer.key",
    "-subj",
    "/CN=Zoë Martin",
    "-out",
    "signer.csr",
  ]);
  writeFileSync(
    path.join(dir, "signer.ext"),
    "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n",
  );
  openssl(
    ["x509", "-req", "-in", "signer.csr", "-CA", "authority.pem", "-CAkey", "authority.key"].concat(
      ["-set_serial", "7", "-days", "1", "-extfile", "signer.ext", "-out", "signer.pem"],
    ),
  );
  const pkcs8 = execFileSync(
    "openssl",
    ["pkcs8", "-topk8", "-nocrypt", "-in", "signer.key", "-outform", "DER"],
    { cwd: dir },
  );
  const key = await crypto.subtle.importKey(
    "pkcs8",
    new Uint8Array(pkcs8),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const certificate = new X509Certificate(readFileSync(path.join(dir, "signer.pem")));
  // The signature carries the signer's chain up to its authority, as Paraphe's do.
  signer = new CryptoKeySigner(key, new Uint8Array(certificate.raw), "EC", "ECDSA", [
    new Uint8Array(authority.raw),
  ]);
  signerAlone = new CryptoKeySigner(key, new Uint8Array(certificate.raw), "EC", "ECDSA");
});
afterAll(() => {
  fixtures.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The proof Paraphe seals for `sealed`: a record naming it, sealed as a proof. */
async function proofOf(sealed: Uint8Array, level: PAdESLevel): Promise<Uint8Array> {
  const hash = createHash("sha256").update(sealed).digest("hex");
  const record = buildProofRecord({
    envelopeId: "signer-chains",
    title: "Signer chains",
    generatedAt: new Date(),
    documents: [{ originalSha256: hash, sealedSha256: hash }],
    events: [{ type: "envelopeCreated", at: new Date().toISOString() }],
  });
  return fixtures.sealed({
    level,
    attachment: { name: PROOF_RECORD_FILENAME, bytes: encodeProofRecord(record) },
    fieldName: PROOF_SEAL_FIELD_NAME,
    reason: PROOF_SEAL_REASON,
  });
}

/** A document signed by `by` at B-B, then sealed at `level`, and a proof. */
async function signedThenSealed(level: PAdESLevel, by: CryptoKeySigner = signer) {
  const signed = await fixtures.sealed({ level: "B-B", signer: by, fieldName: "Zoë Martin" });
  const { bytes: sealed } = await (
    await PDF.load(signed)
  ).sign({
    signer: fixtures.sealSigner,
    level,
    ...(level === "B-T" ? { timestampAuthority: fixtures.timestampAuthority() } : {}),
    fieldName: "Paraphe",
    digestAlgorithm: "SHA-256",
    estimatedSize: 16_384,
  });
  return { sealed, proof: await proofOf(sealed, level) };
}

function certificates(report: VerificationReport): string[] {
  return report.checks
    .filter((check) => check.file === "document" && check.aspect === "certificates")
    .map((check) => `${check.status}:${check.message.key}:${String(check.message.values.subject)}`);
}

describe("a signer's certificate chain, at every level", () => {
  for (const level of ["B-B", "B-T"] as const) {
    it(`leads to a root given with --ca: trusted, as the seal's (${level})`, async () => {
      const { sealed, proof } = await signedThenSealed(level);
      const report = await verifySealedDocument({
        sealed,
        proof,
        trustAnchors: [fixtures.seal, authority],
        ...(level === "B-T" ? { tsaTrustAnchors: [fixtures.tsa] } : {}),
      });
      expect(certificates(report)).toEqual([
        "pass:chainTrusted:Zoë Martin",
        "pass:chainTrusted:Test seal",
      ]);
      const trusted = report.checks.find(
        (check) => check.aspect === "certificates" && check.message.values.subject === "Zoë Martin",
      );
      expect(trusted?.message.values.root).toBe("Test signer authority");
      // The signer signed at B-B: a timestamp of their own would make it B-T.
      expect(report.levels).toEqual({ "Zoë Martin": "B-B", Paraphe: level });
      expect(
        report.checks.filter((check) => check.status === "fail").map((check) => check.message),
      ).toEqual([]);
      expect(report.verdict).toBe("valid");
    });

    it(`that reaches none of the roots given fails (${level})`, async () => {
      const { sealed, proof } = await signedThenSealed(level);
      const report = await verifySealedDocument({
        sealed,
        proof,
        trustAnchors: [fixtures.seal, otherAuthority],
        ...(level === "B-T" ? { tsaTrustAnchors: [fixtures.tsa] } : {}),
      });
      expect(certificates(report)).toEqual([
        "fail:chainNotAnchored:Zoë Martin",
        "pass:chainTrusted:Test seal",
      ]);
      expect(report.verdict).toBe("invalid");
    });
  }

  it("fails when the signature does not carry its issuer and no root given issued it", async () => {
    const { certificate } = await fixtures.otherSeal();
    const { sealed, proof } = await signedThenSealed("B-B", signerAlone);
    const report = await verifySealedDocument({
      sealed,
      proof,
      trustAnchors: [fixtures.seal, certificate],
    });
    expect(certificates(report)).toEqual([
      "fail:chainIssuerMissing:Zoë Martin",
      "pass:chainTrusted:Test seal",
    ]);
    expect(report.verdict).toBe("invalid");
  });

  it("without roots given, is consistent up to its unchecked root, as the seal's", async () => {
    const { sealed, proof } = await signedThenSealed("B-B");
    const report = await verifySealedDocument({ sealed, proof });
    expect(certificates(report)).toEqual([
      "warn:chainRootNotChecked:Zoë Martin",
      "warn:chainRootNotChecked:Test seal",
    ]);
    expect(report.verdict).toBe("root-not-checked");
  });
});
