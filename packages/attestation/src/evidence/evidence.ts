import { z } from "zod";

import {
  concatBytes,
  copyBytes,
  fromBase64,
  fromHex,
  timingSafeEqual,
  toHex,
  uint32BigEndian,
} from "../internal/bytes";
import { verifySnpReport, type SnpCheckName, type SnpVerificationResult } from "../sev-snp/verify";
import type {
  AttestationResultEntry,
  AttestationResults,
  AttestationStatus,
} from "../status/record";
import type { ReferenceValues } from "./reference-values";

/** The environments the api host can report. */
export type AttestationPlatform = "none" | "amd-sev-snp";

/**
 * What the api host reports about the environment it runs in, sent with its HPKE public key in the
 * first step of the tunnel handshake.
 */
export interface AttestationEvidence {
  platform: AttestationPlatform;
  /** Plain words on why there is no hardware isolation (platform `none`). */
  reason?: string;
  /** The SEV-SNP attestation report, base64 (platform `amd-sev-snp`). */
  report?: string;
  /** The VCEK certificate, DER in base64 (platform `amd-sev-snp`). */
  vcek?: string;
  /** The ASK and ARK, PEM (platform `amd-sev-snp`). */
  chain?: string;
  /** Software component name to the SHA-256 (hex) of what the server runs. */
  measurements: Record<string, string>;
  /** The server's HPKE public key for this handshake, base64. */
  hpkePublicKey: string;
  /** The freshness nonce of this handshake, base64. */
  nonce: string;
}

/** The hardware component of the status. */
export const HARDWARE_COMPONENT = "amd_sev_snp";
/** The component verified by the SEV-SNP launch measurement (the guest's initial firmware). */
export const LAUNCH_COMPONENT = "stage0";
/** The reason given on a server without a trusted execution environment. */
export const NO_HARDWARE_ISOLATION_REASON = "no hardware isolation: development server";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const COMPONENT_NAME = /^[a-z0-9_]{1,64}$/;
const REPORT_DATA_DOMAIN = new TextEncoder().encode("paraphe/attestation/report-data/v1\0");

/** The checks that make a report genuine and fit to trust, whatever it measured. */
const HARDWARE_CHECKS: readonly SnpCheckName[] = [
  "format",
  "chain",
  "validity",
  "signature",
  "vcekBinding",
  "policy",
];

const base64 = z.string().regex(BASE64, "must be base64");

export const attestationEvidenceSchema: z.ZodType<AttestationEvidence> = z.object({
  platform: z.enum(["none", "amd-sev-snp"]),
  reason: z.string().max(500).optional(),
  report: base64.optional(),
  vcek: base64.optional(),
  chain: z.string().max(64_000).optional(),
  measurements: z.record(
    z.string().regex(COMPONENT_NAME),
    z.string().regex(SHA256_HEX, "must be SHA-256 hex"),
  ),
  hpkePublicKey: base64.min(1),
  nonce: base64.min(1),
});

function bytesOf(value: string | Uint8Array): Uint8Array<ArrayBuffer> | null {
  return typeof value === "string" ? fromBase64(value) : copyBytes(value);
}

/** Measurements in their canonical form: `name=hex\n` lines sorted by name, hex in lowercase. */
function canonicalMeasurements(measurements: Readonly<Record<string, string>>): Uint8Array {
  const lines = Object.keys(measurements)
    .sort()
    .map((name) => `${name}=${(measurements[name] ?? "").toLowerCase()}\n`);
  return new TextEncoder().encode(lines.join(""));
}

export interface ReportDataBindingInput {
  /** The server's HPKE public key: bytes, or base64. */
  hpkePublicKey: string | Uint8Array;
  /** The handshake's nonce: bytes, or base64. */
  nonce: string | Uint8Array;
  /** The software measurements the server reports. */
  measurements: Readonly<Record<string, string>>;
}

/**
 * The 64 bytes the server asks the AMD-SP to put in REPORT_DATA, so that the signed report binds
 * the handshake's HPKE key, its nonce and the reported measurements:
 *
 *   SHA-512( "paraphe/attestation/report-data/v1" 0x00
 *            || len(hpkePublicKey) || hpkePublicKey || len(nonce) || nonce
 *            || len(M) || M )
 *
 * where each len is 4 bytes big-endian and M is the UTF-8 text of `name=hex\n` lines, one per
 * measurement, sorted by name, hex in lowercase. Length prefixes make the encoding unambiguous.
 */
export async function computeReportDataBinding(input: ReportDataBindingInput): Promise<Uint8Array> {
  const key = bytesOf(input.hpkePublicKey);
  const nonce = bytesOf(input.nonce);
  if (!key || !nonce)
    throw new TypeError("The HPKE public key and the nonce must be bytes or base64.");
  const measurements = canonicalMeasurements(input.measurements);
  const message = concatBytes(
    REPORT_DATA_DOMAIN,
    uint32BigEndian(key.byteLength),
    key,
    uint32BigEndian(nonce.byteLength),
    nonce,
    uint32BigEndian(measurements.byteLength),
    measurements,
  );
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-512", message));
}

export interface EvaluateEvidenceOptions {
  /** The reference values produced by the build; `stage0` is the expected SEV-SNP launch measurement. */
  referenceValues: ReferenceValues;
  /**
   * What this client expects the evidence to be bound to: the HPKE key it will encapsulate to and
   * the nonce it sent. Each value given must equal the evidence's.
   */
  expectedKeyBinding?: { hpkePublicKey?: string | Uint8Array; nonce?: string | Uint8Array };
  /** The time at which certificates are judged. */
  now: Date;
  /** ARK fingerprints trusted for SEV-SNP (default: AMD's Milan ARK). */
  trustedArkSha256?: readonly string[];
  /** Accept an SEV-SNP guest whose policy allows debugging. Default `false`. */
  allowDebug?: boolean;
}

export interface AttestationEvaluation {
  /** The status payload (spec §3): `Success` only when every component was verified. */
  status: AttestationStatus;
  /** The results payload: each component's measured value and its reference. */
  results: AttestationResults;
  /** Why components were not verified, for logs. */
  errors: string[];
  /** The SEV-SNP verification, when one was run. */
  snp: SnpVerificationResult | null;
}

function sameBytes(expected: string | Uint8Array, actual: string): boolean {
  const a = bytesOf(expected);
  const b = fromBase64(actual);
  return a !== null && b !== null && timingSafeEqual(a, b);
}

function hexEqual(a: string, b: string): boolean {
  const left = fromHex(a);
  const right = fromHex(b);
  return left !== null && right !== null && timingSafeEqual(left, right);
}

function failedEvaluation(reason: string, errors: string[]): AttestationEvaluation {
  return {
    status: { status: "GenericFailure", reason, components: { [HARDWARE_COMPONENT]: false } },
    results: {},
    errors,
    snp: null,
  };
}

/**
 * Turns the server's evidence into the status and results payloads, verifying everything it claims
 * and nothing less:
 * - platform `none`: the hardware component `amd_sev_snp` is `false` and the status is
 *   `GenericFailure` with the reason "no hardware isolation: ..."; a software component is `true`
 *   only when its measurement equals the build's reference value (a claim of the server, compared,
 *   not proven by hardware);
 * - platform `amd-sev-snp`: the report is verified ({@link verifySnpReport}) and its REPORT_DATA must
 *   equal {@link computeReportDataBinding} of the evidence's key, nonce and measurements;
 *   `amd_sev_snp` is `true` only then; `stage0` only when, in addition, the launch measurement equals
 *   the reference `stage0`; other components only when stage0 is verified and they equal their
 *   reference values (a guest launched from unexpected firmware is not believed about its software).
 * A component without a reference value, or without a measurement, is never `true`. The status is
 * `Success` only when every component is `true`.
 */
export async function evaluateEvidence(
  evidence: unknown,
  options: EvaluateEvidenceOptions,
): Promise<AttestationEvaluation> {
  const parsed = attestationEvidenceSchema.safeParse(evidence);
  if (!parsed.success) {
    return failedEvaluation(
      "the server's attestation evidence is malformed",
      parsed.error.issues.map((issue) => `evidence.${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const claims = parsed.data;
  const errors: string[] = [];

  let keyBindingOk = true;
  const expected = options.expectedKeyBinding;
  if (
    expected?.hpkePublicKey !== undefined &&
    !sameBytes(expected.hpkePublicKey, claims.hpkePublicKey)
  ) {
    keyBindingOk = false;
    errors.push("The evidence is bound to another HPKE public key than the one expected.");
  }
  if (expected?.nonce !== undefined && !sameBytes(expected.nonce, claims.nonce)) {
    keyBindingOk = false;
    errors.push("The evidence is bound to another nonce than the one sent.");
  }

  const references = options.referenceValues;
  const softwareNames = [
    ...new Set([...Object.keys(references), ...Object.keys(claims.measurements)]),
  ]
    .filter((name) => name !== HARDWARE_COMPONENT && name !== LAUNCH_COMPONENT)
    .sort();
  const measurementResults: Record<string, AttestationResultEntry> = {};
  const softwareMatches = (name: string): boolean => {
    const reference = references[name];
    const measured = claims.measurements[name];
    const entry: AttestationResultEntry = {};
    if (measured !== undefined) entry.hash = measured.toLowerCase();
    if (reference !== undefined) entry.reference = reference.toLowerCase();
    measurementResults[name] = entry;
    if (reference === undefined) {
      errors.push(`No reference value for ${name}: it cannot be verified.`);
      return false;
    }
    if (measured === undefined) {
      errors.push(`The server reports no measurement for ${name}.`);
      return false;
    }
    if (!hexEqual(measured, reference)) {
      errors.push(`The measurement of ${name} differs from its reference value.`);
      return false;
    }
    return true;
  };

  const components: Record<string, boolean> = { [HARDWARE_COMPONENT]: false };

  if (claims.platform === "none") {
    measurementResults[HARDWARE_COMPONENT] = { value: "none" };
    errors.push("The server runs without a trusted execution environment.");
    const launchReference = references[LAUNCH_COMPONENT];
    if (launchReference !== undefined || claims.measurements[LAUNCH_COMPONENT] !== undefined) {
      // The launch measurement is taken by the hardware, which is absent: never verified here.
      components[LAUNCH_COMPONENT] = false;
      measurementResults[LAUNCH_COMPONENT] =
        launchReference === undefined ? {} : { reference: launchReference.toLowerCase() };
      errors.push(`${LAUNCH_COMPONENT} is measured by the hardware, which is absent.`);
    }
    for (const name of softwareNames) components[name] = softwareMatches(name) && keyBindingOk;
    const detail = claims.reason?.trim();
    return {
      status: {
        status: "GenericFailure",
        reason: detail ? `no hardware isolation: ${detail}` : NO_HARDWARE_ISOLATION_REASON,
        components,
      },
      results: { measurements: measurementResults },
      errors,
      snp: null,
    };
  }

  // platform "amd-sev-snp"
  const report = claims.report === undefined ? null : fromBase64(claims.report);
  const vcek = claims.vcek === undefined ? null : fromBase64(claims.vcek);
  let snp: SnpVerificationResult | null = null;
  if (!report || !vcek || claims.chain === undefined) {
    errors.push("The SEV-SNP evidence lacks its report, VCEK or certificate chain.");
  } else {
    const expectedLaunch = references[LAUNCH_COMPONENT];
    snp = await verifySnpReport({
      report,
      vcek,
      chain: claims.chain,
      now: options.now,
      expected: {
        reportData: await computeReportDataBinding(claims),
        ...(expectedLaunch === undefined ? {} : { measurement: expectedLaunch }),
      },
      ...(options.trustedArkSha256 === undefined
        ? {}
        : { trustedArkSha256: options.trustedArkSha256 }),
      ...(options.allowDebug === undefined ? {} : { allowDebug: options.allowDebug }),
    });
    for (const issue of snp.errors) errors.push(`SEV-SNP ${issue.check}: ${issue.message}`);
    if (expectedLaunch === undefined)
      errors.push(`No reference value for ${LAUNCH_COMPONENT}: it cannot be verified.`);
  }

  // Chain of trust: the hardware vouches for the launch measurement (stage0), and only a guest
  // launched from the expected firmware is believed about the software it reports.
  const hardwareOk =
    snp !== null &&
    HARDWARE_CHECKS.every((check) => snp?.checks[check] === "passed") &&
    snp.checks.reportData === "passed" &&
    keyBindingOk;
  const launchOk = hardwareOk && snp?.checks.measurement === "passed";
  components[HARDWARE_COMPONENT] = hardwareOk;
  components[LAUNCH_COMPONENT] = launchOk;
  measurementResults[HARDWARE_COMPONENT] = {
    value: snp?.productLine ? `AMD SEV-SNP ${snp.productLine}` : "AMD SEV-SNP",
  };
  const launchEntry: AttestationResultEntry = {};
  const launchReference = references[LAUNCH_COMPONENT];
  if (snp?.report) launchEntry.hash = toHex(snp.report.measurement);
  if (launchReference !== undefined) launchEntry.reference = launchReference.toLowerCase();
  measurementResults[LAUNCH_COMPONENT] = launchEntry;
  for (const name of softwareNames) components[name] = softwareMatches(name) && launchOk;

  const failing = Object.keys(components).filter((name) => !components[name]);
  let reason: string | undefined;
  if (!hardwareOk) reason = "the AMD SEV-SNP attestation could not be verified";
  else if (failing.length > 0) reason = `not verified: ${failing.join(", ")}`;
  return {
    status: {
      status: failing.length === 0 ? "Success" : "GenericFailure",
      ...(reason === undefined ? {} : { reason }),
      components,
    },
    results: { measurements: measurementResults },
    errors,
    snp,
  };
}
