import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CryptoKeySigner,
  PDF,
  type DigestAlgorithm,
  type PAdESLevel,
  type TimestampAuthority,
} from "@libpdf/core";
import {
  buildProofRecord,
  encodeProofRecord,
  PROOF_RECORD_FILENAME,
  PROOF_SEAL_FIELD_NAME,
  PROOF_SEAL_REASON,
} from "../verify/proof-record";

/**
 * Test fixtures for the offline verifier, made with openssl (Debian package `openssl`) in a
 * throw-away folder: a seal certificate and its key, an RFC 3161 timestamp authority answering
 * with `openssl ts -reply`, and PDFs sealed with @libpdf/core at PAdES B-B or B-T.
 */
export interface PadesFixtures {
  /** The seal's self-signed certificate (ECDSA P-256). */
  seal: X509Certificate;
  /** The seal's signer (its key and `seal`), to seal a PDF of the test's own. */
  sealSigner: CryptoKeySigner;
  /** The timestamp authority's self-signed certificate (critical extendedKeyUsage timeStamping). */
  tsa: X509Certificate;
  /** The same key, subject and serial number as `tsa`, without extendedKeyUsage. */
  tsaWithoutTimestamping: X509Certificate;
  /** A timestamp authority; `change` rewrites the token it answers, `imprint` replaces the digest it stamps. */
  timestampAuthority: (options?: {
    change?: (token: Uint8Array) => Uint8Array;
    imprint?: (digest: Uint8Array) => Uint8Array;
  }) => TimestampAuthority & { requests: () => number };
  /**
   * A one-page PDF sealed at `level` (B-T with `tsa`, `timestampAuthority()` by default), in the
   * field `fieldName` ("Seal") with `reason` (none), by `seal` or by `signer`.
   */
  sealed: (options: {
    level: PAdESLevel;
    tsa?: TimestampAuthority;
    attachment?: { name: string; bytes: Uint8Array };
    fieldName?: string;
    reason?: string;
    signer?: CryptoKeySigner;
  }) => Promise<Uint8Array>;
  /**
   * A sealed document and its sealed proof (a record listing the document), both at `level`: the
   * proof sealed as Paraphe seals one (its field name and reason), by `proofSigner` (the seal's).
   */
  sealedWithProof: (options: {
    level: PAdESLevel;
    tsa?: TimestampAuthority;
    proofSigner?: CryptoKeySigner;
  }) => Promise<{ sealed: Uint8Array; proof: Uint8Array }>;
  /** A signer of its own (ECDSA P-256, self-signed "Other seal") and its certificate. */
  otherSeal: () => Promise<{ signer: CryptoKeySigner; certificate: X509Certificate }>;
  cleanup: () => void;
}

export async function createPadesFixtures(): Promise<PadesFixtures> {
  const dir = mkdtempSync(path.join(tmpdir(), "paraphe-pades-"));
  const openssl = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  const file = (name: string, text?: string) => {
    const at = path.join(dir, name);
    if (text !== undefined) writeFileSync(at, text);
    return at;
  };

  openssl([
    "genpkey",
    "-algorithm",
    "EC",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-out",
    "seal.key",
  ]);
  openssl([
    "req",
    "-x509",
    "-key",
    "seal.key",
    "-days",
    "2",
    "-subj",
    "/CN=Test seal",
    "-addext",
    "keyUsage=critical,digitalSignature,nonRepudiation",
    "-out",
    "seal.pem",
  ]);
  openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "tsa.key"]);
  const tsaCertificate = (name: string, extensions: string[]) =>
    openssl([
      "req",
      "-x509",
      "-key",
      "tsa.key",
      "-days",
      "2",
      "-set_serial",
      "4242",
      "-subj",
      "/CN=Test timestamp authority",
      ...extensions.flatMap((extension) => ["-addext", extension]),
      "-out",
      name,
    ]);
  tsaCertificate("tsa.pem", [
    "extendedKeyUsage=critical,timeStamping",
    "keyUsage=critical,digitalSignature",
  ]);
  tsaCertificate("tsa-plain.pem", ["keyUsage=critical,digitalSignature"]);
  file("serial", "01\n");
  const config = file(
    "tsa.cnf",
    [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `serial = ${file("serial")}`,
      `signer_cert = ${file("tsa.pem")}`,
      `certs = ${file("tsa.pem")}`,
      `signer_key = ${file("tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );

  const seal = new X509Certificate(readFileSync(file("seal.pem")));
  const pkcs8 = execFileSync(
    "openssl",
    ["pkcs8", "-topk8", "-nocrypt", "-in", "seal.key", "-outform", "DER"],
    {
      cwd: dir,
    },
  );
  const key = await crypto.subtle.importKey(
    "pkcs8",
    new Uint8Array(pkcs8),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const signer = new CryptoKeySigner(key, new Uint8Array(seal.raw), "EC", "ECDSA");

  let tokens = 0;
  const timestampAuthority: PadesFixtures["timestampAuthority"] = (options = {}) => {
    let requests = 0;
    return {
      requests: () => requests,
      timestamp(digest: Uint8Array, algorithm: DigestAlgorithm) {
        requests++;
        const id = ++tokens;
        const stamped = options.imprint?.(digest) ?? digest;
        openssl([
          "ts",
          "-query",
          "-digest",
          Buffer.from(stamped).toString("hex"),
          `-${algorithm.replace("-", "").toLowerCase()}`,
          "-cert",
          "-no_nonce",
          "-out",
          `query-${id}.tsq`,
        ]);
        openssl([
          "ts",
          "-reply",
          "-config",
          config,
          "-queryfile",
          `query-${id}.tsq`,
          "-token_out",
          "-out",
          `token-${id}.der`,
        ]);
        const token = new Uint8Array(readFileSync(file(`token-${id}.der`)));
        return Promise.resolve(options.change?.(token) ?? token);
      },
    };
  };

  const sealed: PadesFixtures["sealed"] = async ({ level, tsa, attachment, ...seal }) => {
    const pdf = PDF.create();
    pdf.addPage();
    if (attachment !== undefined) {
      pdf.addAttachment(attachment.name, attachment.bytes, { mimeType: "application/json" });
    }
    const { bytes } = await pdf.sign({
      signer: seal.signer ?? signer,
      level,
      ...(level === "B-T" ? { timestampAuthority: tsa ?? timestampAuthority() } : {}),
      fieldName: seal.fieldName ?? "Seal",
      ...(seal.reason === undefined ? {} : { reason: seal.reason }),
      digestAlgorithm: "SHA-256",
      estimatedSize: 16_384,
    });
    return bytes;
  };

  return {
    seal,
    sealSigner: signer,
    tsa: new X509Certificate(readFileSync(file("tsa.pem"))),
    tsaWithoutTimestamping: new X509Certificate(readFileSync(file("tsa-plain.pem"))),
    timestampAuthority,
    sealed,
    otherSeal: async () => {
      openssl([
        "genpkey",
        "-algorithm",
        "EC",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-out",
        "other.key",
      ]);
      openssl([
        "req",
        "-x509",
        "-key",
        "other.key",
        "-days",
        "2",
        "-subj",
        "/CN=Other seal",
        "-out",
        "other.pem",
      ]);
      const der = execFileSync(
        "openssl",
        ["pkcs8", "-topk8", "-nocrypt", "-in", "other.key", "-outform", "DER"],
        { cwd: dir },
      );
      const otherKey = await crypto.subtle.importKey(
        "pkcs8",
        new Uint8Array(der),
        { name: "ECDSA", namedCurve: "P-256" },
        false,
        ["sign"],
      );
      const certificate = new X509Certificate(readFileSync(file("other.pem")));
      return {
        signer: new CryptoKeySigner(otherKey, new Uint8Array(certificate.raw), "EC", "ECDSA"),
        certificate,
      };
    },
    sealedWithProof: async ({ level, tsa, proofSigner }) => {
      const document = await sealed({ level, ...(tsa === undefined ? {} : { tsa }) });
      const sha256 = createHash("sha256").update(document).digest("hex");
      const record = buildProofRecord({
        envelopeId: "test-envelope",
        title: "Test",
        generatedAt: new Date(),
        documents: [{ originalSha256: sha256, sealedSha256: sha256 }],
        events: [{ type: "envelopeCreated", at: new Date().toISOString() }],
      });
      const proof = await sealed({
        level,
        ...(tsa === undefined ? {} : { tsa }),
        attachment: { name: PROOF_RECORD_FILENAME, bytes: encodeProofRecord(record) },
        fieldName: PROOF_SEAL_FIELD_NAME,
        reason: PROOF_SEAL_REASON,
        ...(proofSigner === undefined ? {} : { signer: proofSigner }),
      });
      return { sealed: document, proof };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
