/**
 * The AMD SEV-SNP ATTESTATION_REPORT structure (SEV Secure Nested Paging Firmware ABI
 * Specification, AMD document 56860, table "ATTESTATION_REPORT Structure"): 1184 bytes,
 * little-endian, signed by the VCEK over bytes 0x000-0x29F.
 *
 * Layout (offsets in bytes):
 *   0x000 VERSION (4)            0x004 GUEST_SVN (4)         0x008 POLICY (8)
 *   0x010 FAMILY_ID (16)         0x020 IMAGE_ID (16)         0x030 VMPL (4)
 *   0x034 SIGNATURE_ALGO (4)     0x038 CURRENT_TCB (8)       0x040 PLATFORM_INFO (8)
 *   0x048 KEY_INFO (4)           0x04C reserved (4)          0x050 REPORT_DATA (64)
 *   0x090 MEASUREMENT (48)       0x0C0 HOST_DATA (32)        0x0E0 ID_KEY_DIGEST (48)
 *   0x110 AUTHOR_KEY_DIGEST (48) 0x140 REPORT_ID (32)        0x160 REPORT_ID_MA (32)
 *   0x180 REPORTED_TCB (8)       0x188 CPUID_FAM_ID, CPUID_MOD_ID, CPUID_STEP (1 each, version 3+)
 *   0x1A0 CHIP_ID (64)           0x1E0 COMMITTED_TCB (8)     0x1E8 CURRENT_BUILD/MINOR/MAJOR (1 each)
 *   0x1EC COMMITTED_BUILD/MINOR/MAJOR (1 each)               0x1F0 LAUNCH_TCB (8)
 *   0x1F8 LAUNCH_MIT_VECTOR (8, version 5+)                  0x200 CURRENT_MIT_VECTOR (8, version 5+)
 *   0x2A0 SIGNATURE (512): R (72, little-endian), S (72, little-endian), reserved
 */

import { copyBytes, isAllZero, toHex } from "../internal/bytes";

/** Size of an attestation report in bytes (0x4A0). */
export const SNP_REPORT_SIZE = 0x4a0;
/** Offset of SIGNATURE; the signature covers every byte before it. */
export const SNP_SIGNATURE_OFFSET = 0x2a0;
/** SIGNATURE_ALGO value of ECDSA P-384 with SHA-384, the only algorithm the ABI defines. */
export const SNP_SIGNATURE_ALGORITHM_ECDSA_P384_SHA384 = 1;
/** Report versions whose layout this parser knows (3 and 4 share a layout). */
export const SNP_SUPPORTED_REPORT_VERSIONS: readonly number[] = [2, 3, 4, 5];
/** Length of one ECDSA component (R or S) in the report: zero-extended little-endian. */
export const SNP_ECDSA_COMPONENT_SIZE = 72;

const POLICY_RESERVED_MUST_BE_ONE_BIT = 17n;
/** CPUID family of Turin (Zen 5); Milan and Genoa are family 0x19. */
const CPUID_FAMILY_TURIN = 0x1a;

export type SnpReportErrorCode =
  | "invalid-length"
  | "unsupported-version"
  | "unsupported-signature-algorithm"
  | "invalid-policy"
  | "invalid-key-info"
  | "reserved-not-zero";

/** A report that is not a well-formed SEV-SNP attestation report this package can verify. */
export class SnpReportFormatError extends Error {
  override readonly name = "SnpReportFormatError";
  readonly code: SnpReportErrorCode;

  constructor(code: SnpReportErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** A TCB_VERSION: the security patch levels of the firmware components. */
export interface SnpTcbVersion {
  /** The 8 bytes as stored in the report, in hexadecimal. */
  raw: string;
  /** First-mutable-code SPL; Turin and later only. */
  fmc?: number;
  bootLoader: number;
  tee: number;
  snp: number;
  microcode: number;
}

/** Which TCB_VERSION layout a processor generation uses. */
export type SnpTcbLayout = "milan-genoa" | "turin";

export interface SnpGuestPolicy {
  raw: bigint;
  abiMinor: number;
  abiMajor: number;
  /** Symmetric multithreading allowed. */
  smt: boolean;
  /** Association with a migration agent allowed. */
  migrateMa: boolean;
  /** Debugging allowed: the host can read and write the guest's memory. */
  debug: boolean;
  singleSocket: boolean;
}

export interface SnpPlatformInfo {
  raw: bigint;
  smtEnabled: boolean;
  tsmeEnabled: boolean;
}

/** Which key signed the report: the chip's VCEK, a cloud provider's VLEK, or none. */
export type SnpSigningKey = "vcek" | "vlek" | "none";

export interface SnpKeyInfo {
  raw: number;
  /** AUTHOR_KEY_DIGEST is present. */
  authorKeyEnabled: boolean;
  /** The host chose to zero CHIP_ID. */
  chipIdMasked: boolean;
  signingKey: SnpSigningKey;
}

export interface SnpFirmwareVersion {
  major: number;
  minor: number;
  build: number;
}

export interface SnpCpuid {
  familyId: number;
  modelId: number;
  stepping: number;
}

/** A parsed attestation report. Byte fields are copies: changing them does not change the input. */
export interface SnpReport {
  version: number;
  guestSvn: number;
  policy: SnpGuestPolicy;
  familyId: Uint8Array;
  imageId: Uint8Array;
  vmpl: number;
  signatureAlgorithm: number;
  currentTcb: SnpTcbVersion;
  platformInfo: SnpPlatformInfo;
  keyInfo: SnpKeyInfo;
  /** 64 bytes chosen by the guest when it asked for the report (here: the key binding). */
  reportData: Uint8Array;
  /** 48 bytes: the launch measurement of the guest's initial memory (SHA-384). */
  measurement: Uint8Array;
  hostData: Uint8Array;
  idKeyDigest: Uint8Array;
  authorKeyDigest: Uint8Array;
  reportId: Uint8Array;
  reportIdMa: Uint8Array;
  reportedTcb: SnpTcbVersion;
  /** Present from report version 3. */
  cpuid?: SnpCpuid;
  chipId: Uint8Array;
  committedTcb: SnpTcbVersion;
  currentVersion: SnpFirmwareVersion;
  committedVersion: SnpFirmwareVersion;
  launchTcb: SnpTcbVersion;
  /** Present from report version 5. */
  launchMitigationVector?: bigint;
  /** Present from report version 5. */
  currentMitigationVector?: bigint;
  /** The TCB layout used to decode the TCB fields. */
  tcbLayout: SnpTcbLayout;
  /** The signature components exactly as stored: zero-extended little-endian, 72 bytes each. */
  signature: { r: Uint8Array; s: Uint8Array };
  /** Bytes 0x000-0x29F: what the signature covers. */
  signedBytes: Uint8Array;
}

/** Decodes the 8 bytes of a TCB_VERSION with the layout of a processor generation. */
export function decodeSnpTcb(bytes: Uint8Array, layout: SnpTcbLayout): SnpTcbVersion {
  const raw = toHex(bytes);
  const at = (index: number): number => bytes[index] ?? 0;
  if (layout === "turin") {
    return { raw, fmc: at(0), bootLoader: at(1), tee: at(2), snp: at(3), microcode: at(7) };
  }
  return { raw, bootLoader: at(0), tee: at(1), snp: at(6), microcode: at(7) };
}

function signingKeyOf(value: number): SnpSigningKey | null {
  if (value === 0) return "vcek";
  if (value === 1) return "vlek";
  if (value === 7) return "none";
  return null;
}

/**
 * Parses an SEV-SNP attestation report. Throws {@link SnpReportFormatError} when the input is not
 * 1184 bytes, its version or signature algorithm is not supported, or a field the ABI requires to
 * be zero (or one) is not. Parsing does not verify anything: see `verifySnpReport`.
 */
export function parseSnpReport(bytes: Uint8Array): SnpReport {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength !== SNP_REPORT_SIZE) {
    const length = bytes instanceof Uint8Array ? bytes.byteLength : "no";
    throw new SnpReportFormatError(
      "invalid-length",
      `An SEV-SNP attestation report is ${SNP_REPORT_SIZE} bytes; got ${length} bytes.`,
    );
  }
  const data = copyBytes(bytes);
  const view = new DataView(data.buffer);
  const u8 = (offset: number): number => view.getUint8(offset);
  const u32 = (offset: number): number => view.getUint32(offset, true);
  const u64 = (offset: number): bigint => view.getBigUint64(offset, true);
  const slice = (start: number, length: number): Uint8Array => data.slice(start, start + length);
  const mustBeZero = (start: number, end: number, field: string): void => {
    if (!isAllZero(data.subarray(start, end))) {
      throw new SnpReportFormatError(
        "reserved-not-zero",
        `Reserved ${field} bytes 0x${start.toString(16)}-0x${(end - 1).toString(16)} must be zero.`,
      );
    }
  };

  const version = u32(0x000);
  if (!SNP_SUPPORTED_REPORT_VERSIONS.includes(version)) {
    throw new SnpReportFormatError(
      "unsupported-version",
      `Report version ${version} is not supported (supported: ${SNP_SUPPORTED_REPORT_VERSIONS.join(", ")}).`,
    );
  }
  const signatureAlgorithm = u32(0x034);
  if (signatureAlgorithm !== SNP_SIGNATURE_ALGORITHM_ECDSA_P384_SHA384) {
    throw new SnpReportFormatError(
      "unsupported-signature-algorithm",
      `Signature algorithm ${signatureAlgorithm} is not supported (1: ECDSA P-384 with SHA-384).`,
    );
  }

  const policyRaw = u64(0x008);
  if (((policyRaw >> POLICY_RESERVED_MUST_BE_ONE_BIT) & 1n) !== 1n) {
    throw new SnpReportFormatError(
      "invalid-policy",
      "Guest policy bit 17 is reserved and must be one.",
    );
  }
  const policyBit = (bit: bigint): boolean => ((policyRaw >> bit) & 1n) === 1n;
  const policy: SnpGuestPolicy = {
    raw: policyRaw,
    abiMinor: Number(policyRaw & 0xffn),
    abiMajor: Number((policyRaw >> 8n) & 0xffn),
    smt: policyBit(16n),
    migrateMa: policyBit(18n),
    debug: policyBit(19n),
    singleSocket: policyBit(20n),
  };

  const keyInfoRaw = u32(0x048);
  if (keyInfoRaw >>> 5 !== 0) {
    throw new SnpReportFormatError(
      "invalid-key-info",
      "KEY_INFO bits 5-31 are reserved and must be zero.",
    );
  }
  const signingKey = signingKeyOf((keyInfoRaw >>> 2) & 0b111);
  if (signingKey === null) {
    throw new SnpReportFormatError(
      "invalid-key-info",
      "KEY_INFO names a reserved signing key (2-6).",
    );
  }
  const keyInfo: SnpKeyInfo = {
    raw: keyInfoRaw,
    authorKeyEnabled: (keyInfoRaw & 0b1) !== 0,
    chipIdMasked: (keyInfoRaw & 0b10) !== 0,
    signingKey,
  };

  mustBeZero(0x04c, 0x050, "header");
  mustBeZero(version >= 3 ? 0x18b : 0x188, 0x1a0, "pre-CHIP_ID");
  mustBeZero(0x1eb, 0x1ec, "CURRENT_VERSION");
  mustBeZero(0x1ef, 0x1f0, "COMMITTED_VERSION");
  mustBeZero(version >= 5 ? 0x208 : 0x1f8, SNP_SIGNATURE_OFFSET, "trailing");
  mustBeZero(SNP_SIGNATURE_OFFSET + 2 * SNP_ECDSA_COMPONENT_SIZE, SNP_REPORT_SIZE, "signature");

  const cpuid: SnpCpuid | undefined =
    version >= 3 ? { familyId: u8(0x188), modelId: u8(0x189), stepping: u8(0x18a) } : undefined;
  const tcbLayout: SnpTcbLayout = cpuid?.familyId === CPUID_FAMILY_TURIN ? "turin" : "milan-genoa";
  const tcb = (offset: number): SnpTcbVersion => {
    return decodeSnpTcb(slice(offset, 8), tcbLayout);
  };

  const platformInfoRaw = u64(0x040);
  const report: SnpReport = {
    version,
    guestSvn: u32(0x004),
    policy,
    familyId: slice(0x010, 16),
    imageId: slice(0x020, 16),
    vmpl: u32(0x030),
    signatureAlgorithm,
    currentTcb: tcb(0x038),
    platformInfo: {
      raw: platformInfoRaw,
      smtEnabled: (platformInfoRaw & 1n) === 1n,
      tsmeEnabled: ((platformInfoRaw >> 1n) & 1n) === 1n,
    },
    keyInfo,
    reportData: slice(0x050, 64),
    measurement: slice(0x090, 48),
    hostData: slice(0x0c0, 32),
    idKeyDigest: slice(0x0e0, 48),
    authorKeyDigest: slice(0x110, 48),
    reportId: slice(0x140, 32),
    reportIdMa: slice(0x160, 32),
    reportedTcb: tcb(0x180),
    chipId: slice(0x1a0, 64),
    committedTcb: tcb(0x1e0),
    currentVersion: { build: u8(0x1e8), minor: u8(0x1e9), major: u8(0x1ea) },
    committedVersion: { build: u8(0x1ec), minor: u8(0x1ed), major: u8(0x1ee) },
    launchTcb: tcb(0x1f0),
    tcbLayout,
    signature: {
      r: slice(SNP_SIGNATURE_OFFSET, SNP_ECDSA_COMPONENT_SIZE),
      s: slice(SNP_SIGNATURE_OFFSET + SNP_ECDSA_COMPONENT_SIZE, SNP_ECDSA_COMPONENT_SIZE),
    },
    signedBytes: slice(0, SNP_SIGNATURE_OFFSET),
  };
  if (cpuid) report.cpuid = cpuid;
  if (version >= 5) {
    report.launchMitigationVector = u64(0x1f8);
    report.currentMitigationVector = u64(0x200);
  }
  return report;
}
