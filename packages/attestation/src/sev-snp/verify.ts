import { concatBytes, copyBytes, fromHex, isAllZero, timingSafeEqual } from "../internal/bytes";
import {
  certificateSha256,
  decodeCertificate,
  decodeCertificates,
  extensionValues,
  importEcdsaP384Key,
  isRsaPssSha384,
  isSignedBy,
  sameName,
  subjectCommonName,
  type Certificate,
  type CertificateChainInput,
  type CertificateInput,
} from "./certificates";
import {
  parseSnpReport,
  SNP_ECDSA_COMPONENT_SIZE,
  SNP_REPORT_SIZE,
  SNP_SIGNATURE_ALGORITHM_ECDSA_P384_SHA384,
  SNP_SIGNATURE_OFFSET,
  SnpReportFormatError,
  type SnpReport,
} from "./report";
import { DEFAULT_TRUSTED_ARK_SHA256 } from "./trust-anchors";
import { productLineOfAsk, vcekBindingProblems, type SnpProductLine } from "./vcek-binding";

/** P-384 scalars are 48 bytes; the report zero-extends them to 72. */
const P384_SCALAR_SIZE = 48;
const MEASUREMENT_SIZE = 48;
const REPORT_DATA_SIZE = 64;

/** What the report must say, beyond being genuine. Each expectation left out is "not checked". */
export interface SnpExpectations {
  /** The launch measurement: 48 bytes, as bytes or hexadecimal (96 digits). */
  measurement?: string | Uint8Array;
  /** REPORT_DATA: exactly 64 bytes, as bytes or hexadecimal (128 digits). */
  reportData?: string | Uint8Array;
  /** The VM privilege level that asked for the report (0 is the most privileged). */
  vmpl?: number;
}

export interface VerifySnpReportOptions {
  /** The 1184-byte attestation report. */
  report: Uint8Array;
  /** The VCEK certificate that signed the report, DER (or PEM). */
  vcek: CertificateInput;
  /** The ASK and the ARK, in any order: a PEM bundle, or a list of PEM or DER certificates. */
  chain: CertificateChainInput;
  /** The time at which certificate validity is judged. Injected, so that results are reproducible. */
  now: Date;
  expected?: SnpExpectations;
  /**
   * SHA-256 fingerprints (hex) of the ARKs accepted as roots. Defaults to AMD's Milan ARK
   * ({@link DEFAULT_TRUSTED_ARK_SHA256}).
   */
  trustedArkSha256?: readonly string[];
  /**
   * Accept a guest whose policy allows debugging (the host can then read its memory). Defaults to
   * `false`: a debuggable guest is not confidential.
   */
  allowDebug?: boolean;
}

export type SnpCheckName =
  | "format"
  | "chain"
  | "validity"
  | "signature"
  | "vcekBinding"
  | "policy"
  | "measurement"
  | "reportData";

/** `not-checked` means nothing was verified, never that something passed. */
export type SnpCheckOutcome = "passed" | "failed" | "not-checked";

export interface SnpVerificationIssue {
  check: SnpCheckName;
  message: string;
}

export interface SnpVerificationResult {
  /**
   * Every mandatory check (format, chain, validity, signature, vcekBinding, policy) passed and no
   * expectation failed. Expectations that were not given stay `not-checked`: a caller that needs a
   * measurement or REPORT_DATA to match must pass it in `expected`.
   */
  ok: boolean;
  checks: Record<SnpCheckName, SnpCheckOutcome>;
  errors: SnpVerificationIssue[];
  /** The parsed report, or `null` when it could not be parsed. */
  report: SnpReport | null;
  /** The product line named by the ASK, when recognised. */
  productLine: SnpProductLine | null;
}

const MANDATORY_CHECKS: readonly SnpCheckName[] = [
  "format",
  "chain",
  "validity",
  "signature",
  "vcekBinding",
  "policy",
];

function toBytesExpectation(value: string | Uint8Array, size: number): Uint8Array | null {
  const bytes = typeof value === "string" ? fromHex(value) : copyBytes(value);
  return bytes && bytes.byteLength === size ? bytes : null;
}

/** Reverses a zero-extended little-endian scalar into a 48-byte big-endian one; `null` if it overflows. */
function littleEndianScalarToBigEndian(component: Uint8Array): Uint8Array | null {
  if (component.byteLength !== SNP_ECDSA_COMPONENT_SIZE) return null;
  if (!isAllZero(component.subarray(P384_SCALAR_SIZE))) return null;
  return Uint8Array.from(component.subarray(0, P384_SCALAR_SIZE)).reverse();
}

/**
 * Imports the public key of a VCEK certificate (DER or PEM) for {@link verifySnpReportSignature}.
 * Import once and reuse the key to check many reports of the same chip and TCB.
 */
export async function importVcekPublicKey(vcek: CertificateInput): Promise<CryptoKey> {
  return importEcdsaP384Key(decodeCertificate(vcek));
}

/**
 * Verifies the report's ECDSA P-384 / SHA-384 signature over bytes 0x000-0x29F with `vcekKey`.
 * The report stores R and S zero-extended little-endian (72 bytes each); WebCrypto expects the
 * IEEE P1363 form: big-endian r || s, 48 bytes each. Returns `false` for any malformed input.
 * This checks the signature only: {@link verifySnpReport} checks everything else.
 */
export async function verifySnpReportSignature(
  report: Uint8Array,
  vcekKey: CryptoKey,
): Promise<boolean> {
  if (report.byteLength !== SNP_REPORT_SIZE) return false;
  const view = new DataView(report.buffer, report.byteOffset, report.byteLength);
  if (view.getUint32(0x034, true) !== SNP_SIGNATURE_ALGORITHM_ECDSA_P384_SHA384) return false;
  const r = littleEndianScalarToBigEndian(
    report.subarray(SNP_SIGNATURE_OFFSET, SNP_SIGNATURE_OFFSET + SNP_ECDSA_COMPONENT_SIZE),
  );
  const s = littleEndianScalarToBigEndian(
    report.subarray(
      SNP_SIGNATURE_OFFSET + SNP_ECDSA_COMPONENT_SIZE,
      SNP_SIGNATURE_OFFSET + 2 * SNP_ECDSA_COMPONENT_SIZE,
    ),
  );
  if (!r || !s) return false;
  try {
    return await globalThis.crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-384" },
      vcekKey,
      concatBytes(r, s),
      copyBytes(report.subarray(0, SNP_SIGNATURE_OFFSET)),
    );
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface ParsedChain {
  ark: Certificate;
  ask: Certificate;
}

function splitChain(certificates: readonly Certificate[]): ParsedChain | string {
  if (certificates.length !== 2) {
    return `The chain must hold exactly the ASK and the ARK; it holds ${certificates.length} certificate(s).`;
  }
  const selfIssued = certificates.filter((certificate) =>
    sameName(certificate.subject, certificate.issuer),
  );
  const ark = selfIssued[0];
  const ask = certificates.find((certificate) => certificate !== ark);
  if (selfIssued.length !== 1 || !ark || !ask) {
    return "The chain must hold one self-issued root (the ARK) and one intermediate (the ASK).";
  }
  return { ark, ask };
}

/**
 * Verifies an AMD SEV-SNP attestation report end to end, with WebCrypto only:
 * - format: the report parses (length, version, signature algorithm, reserved fields);
 * - chain: the ARK is self-signed and pinned, the ASK is signed by the ARK, the VCEK by the ASK, all
 *   with RSASSA-PSS / SHA-384, issuer names match, and the VCEK holds a P-384 key;
 * - validity: the three certificates are valid at `now`;
 * - signature: the report's ECDSA P-384 signature verifies with the VCEK's key;
 * - vcekBinding: the report says it is VCEK-signed, and the VCEK names its CHIP_ID and REPORTED_TCB;
 * - policy: debugging is not allowed (unless `allowDebug`), and VMPL matches when expected;
 * - measurement and reportData: compared with `expected`, in constant time.
 * It never throws for bad input: every problem is a failed check with a message in `errors`.
 */
export async function verifySnpReport(
  options: VerifySnpReportOptions,
): Promise<SnpVerificationResult> {
  const checks: Record<SnpCheckName, SnpCheckOutcome> = {
    format: "not-checked",
    chain: "not-checked",
    validity: "not-checked",
    signature: "not-checked",
    vcekBinding: "not-checked",
    policy: "not-checked",
    measurement: "not-checked",
    reportData: "not-checked",
  };
  const errors: SnpVerificationIssue[] = [];
  const fail = (check: SnpCheckName, message: string): void => {
    checks[check] = "failed";
    errors.push({ check, message });
  };
  const pass = (check: SnpCheckName): void => {
    if (checks[check] === "not-checked") checks[check] = "passed";
  };

  let report: SnpReport | null = null;
  try {
    report = parseSnpReport(options.report);
    pass("format");
  } catch (error) {
    fail(
      "format",
      error instanceof SnpReportFormatError
        ? error.message
        : `Unreadable report: ${describe(error)}`,
    );
  }

  let vcek: Certificate | null = null;
  try {
    vcek = decodeCertificate(options.vcek);
  } catch (error) {
    fail("chain", `The VCEK certificate cannot be read: ${describe(error)}`);
  }
  let chain: ParsedChain | null = null;
  try {
    const split = splitChain(decodeCertificates(options.chain));
    if (typeof split === "string") fail("chain", split);
    else chain = split;
  } catch (error) {
    fail("chain", `The certificate chain cannot be read: ${describe(error)}`);
  }

  // Chain of trust: ARK (pinned, self-signed) -> ASK -> VCEK.
  let productLine: SnpProductLine | null = null;
  if (vcek && chain) {
    const { ark, ask } = chain;
    const trusted = (options.trustedArkSha256 ?? DEFAULT_TRUSTED_ARK_SHA256).map((value) =>
      value.toLowerCase(),
    );
    const arkFingerprint = await certificateSha256(ark);
    if (!trusted.includes(arkFingerprint)) {
      fail("chain", `The ARK (SHA-256 ${arkFingerprint}) is not a trusted AMD root.`);
    }
    for (const [role, certificate] of [
      ["ARK", ark],
      ["ASK", ask],
      ["VCEK", vcek],
    ] as const) {
      if (!isRsaPssSha384(certificate))
        fail("chain", `The ${role} is not signed with RSASSA-PSS and SHA-384.`);
    }
    if (!(await isSignedBy(ark, ark))) fail("chain", "The ARK's self-signature does not verify.");
    if (!sameName(ask.issuer, ark.subject)) fail("chain", "The ASK's issuer is not the ARK.");
    if (!(await isSignedBy(ask, ark)))
      fail("chain", "The ASK's signature does not verify with the ARK's key.");
    if (!sameName(vcek.issuer, ask.subject)) fail("chain", "The VCEK's issuer is not the ASK.");
    if (!(await isSignedBy(vcek, ask)))
      fail("chain", "The VCEK's signature does not verify with the ASK's key.");
    productLine = productLineOfAsk(subjectCommonName(ask));
    pass("chain");

    const now = options.now.getTime();
    if (Number.isNaN(now)) fail("validity", "The verification time is not a valid date.");
    for (const [role, certificate] of [
      ["ARK", ark],
      ["ASK", ask],
      ["VCEK", vcek],
    ] as const) {
      if (now < certificate.notBefore.getTime()) {
        fail("validity", `The ${role} is not valid before ${certificate.notBefore.toISOString()}.`);
      } else if (now > certificate.notAfter.getTime()) {
        fail("validity", `The ${role} expired on ${certificate.notAfter.toISOString()}.`);
      }
    }
    pass("validity");
  }

  if (vcek && report) {
    let key: CryptoKey | null = null;
    try {
      key = await importEcdsaP384Key(vcek);
    } catch (error) {
      fail("chain", describe(error));
      fail("signature", "The VCEK's key cannot be used to check the report's signature.");
    }
    if (key) {
      if (await verifySnpReportSignature(options.report, key)) pass("signature");
      else fail("signature", "The report's signature does not verify with the VCEK's key.");
    }

    if (report.keyInfo.signingKey !== "vcek") {
      fail(
        "vcekBinding",
        `The report says it is signed by ${report.keyInfo.signingKey.toUpperCase()}, not a VCEK.`,
      );
    } else if (!productLine) {
      fail("vcekBinding", "The ASK names no known product line (Milan, Genoa, Turin).");
    } else {
      for (const problem of vcekBindingProblems(extensionValues(vcek), productLine, report)) {
        fail("vcekBinding", problem);
      }
    }
    pass("vcekBinding");
  }

  if (report) {
    if (report.policy.debug && options.allowDebug !== true) {
      fail("policy", "The guest policy allows debugging: the host can read the guest's memory.");
    }
    const expectedVmpl = options.expected?.vmpl;
    if (expectedVmpl !== undefined && report.vmpl !== expectedVmpl) {
      fail("policy", `The report comes from VMPL ${report.vmpl}, not VMPL ${expectedVmpl}.`);
    }
    pass("policy");

    const expectedMeasurement = options.expected?.measurement;
    if (expectedMeasurement !== undefined) {
      const expected = toBytesExpectation(expectedMeasurement, MEASUREMENT_SIZE);
      if (!expected) fail("measurement", "The expected measurement is not 48 bytes.");
      else if (!timingSafeEqual(expected, report.measurement)) {
        fail("measurement", "The launch measurement differs from the expected value.");
      } else pass("measurement");
    }
    const expectedReportData = options.expected?.reportData;
    if (expectedReportData !== undefined) {
      const expected = toBytesExpectation(expectedReportData, REPORT_DATA_SIZE);
      if (!expected) fail("reportData", "The expected REPORT_DATA is not 64 bytes.");
      else if (!timingSafeEqual(expected, report.reportData)) {
        fail("reportData", "REPORT_DATA differs from the expected value.");
      } else pass("reportData");
    }
  }

  const ok =
    MANDATORY_CHECKS.every((check) => checks[check] === "passed") &&
    checks.measurement !== "failed" &&
    checks.reportData !== "failed";
  return { ok, checks, errors, report, productLine };
}
