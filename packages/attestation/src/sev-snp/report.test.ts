import { describe, expect, it } from "vitest";

import { toHex } from "../internal/bytes";
import { MILAN_MEASUREMENT, MILAN_REPORT, MILAN_REPORT_DATA } from "../test/snp-fixtures";
import {
  parseSnpReport,
  SNP_REPORT_SIZE,
  SnpReportFormatError,
  type SnpReportErrorCode,
} from "./report";

function withUint32(report: Uint8Array, offset: number, value: number): Uint8Array {
  const copy = Uint8Array.from(report);
  new DataView(copy.buffer).setUint32(offset, value, true);
  return copy;
}

function withBytes(report: Uint8Array, offset: number, bytes: readonly number[]): Uint8Array {
  const copy = Uint8Array.from(report);
  copy.set(bytes, offset);
  return copy;
}

function formatErrorCode(bytes: Uint8Array): SnpReportErrorCode | "no error" {
  try {
    parseSnpReport(bytes);
    return "no error";
  } catch (error) {
    if (error instanceof SnpReportFormatError) return error.code;
    throw error;
  }
}

describe("parseSnpReport", () => {
  it("reads every field of the real Milan report at its ABI offset", () => {
    const report = parseSnpReport(MILAN_REPORT);

    expect(report.version).toBe(2);
    expect(report.guestSvn).toBe(0);
    expect(report.vmpl).toBe(0);
    expect(report.signatureAlgorithm).toBe(1);
    expect(toHex(report.measurement)).toBe(MILAN_MEASUREMENT);
    expect(report.reportData).toEqual(MILAN_REPORT_DATA);
    expect(report.policy).toMatchObject({
      raw: 0xb0000n,
      abiMajor: 0,
      abiMinor: 0,
      smt: true,
      debug: true,
    });
    expect(report.platformInfo).toMatchObject({ smtEnabled: true, tsmeEnabled: false });
    expect(report.keyInfo).toEqual({
      raw: 0,
      authorKeyEnabled: false,
      chipIdMasked: false,
      signingKey: "vcek",
    });
    expect(report.reportedTcb).toEqual({
      raw: "0200000000000544",
      bootLoader: 2,
      tee: 0,
      snp: 5,
      microcode: 0x44,
    });
    expect(report.currentTcb.raw).toBe("0200000000000544");
    expect(report.committedTcb.raw).toBe("0200000000000544");
    expect(report.launchTcb.raw).toBe("0200000000000544");
    expect(report.currentVersion).toEqual({ major: 1, minor: 49, build: 3 });
    expect(report.committedVersion).toEqual({ major: 1, minor: 49, build: 3 });
    expect(toHex(report.chipId)).toBe(
      "3ac3fe21e13fb0990eb28a802e3fb6a29483a6b0753590c951bdd3b8e53786184ca39e359669a2b76a1936776b564ea464cdce40c05f63c9b610c5068b006b5d",
    );
    expect(toHex(report.reportId)).toBe(
      "8edc638e1857c555d21f6b11bda3c8b1b5a09dba4852b4c8ee7aa2f16f22cc0a",
    );
    expect(report.reportIdMa).toEqual(new Uint8Array(32).fill(0xff));
    expect(report.hostData).toEqual(new Uint8Array(32));
    expect(report.cpuid).toBeUndefined();
    expect(report.launchMitigationVector).toBeUndefined();
    expect(report.tcbLayout).toBe("milan-genoa");
    expect(report.signature.r).toEqual(MILAN_REPORT.slice(0x2a0, 0x2a0 + 72));
    expect(report.signature.s).toEqual(MILAN_REPORT.slice(0x2e8, 0x2e8 + 72));
    expect(report.signedBytes).toEqual(MILAN_REPORT.slice(0, 0x2a0));
  });

  it("returns copies, so that changing the input afterwards does not change the parsed report", () => {
    const input = Uint8Array.from(MILAN_REPORT);
    const report = parseSnpReport(input);
    input.fill(0);

    expect(toHex(report.measurement)).toBe(MILAN_MEASUREMENT);
  });

  it.each([0, SNP_REPORT_SIZE - 1, SNP_REPORT_SIZE + 1, 4000])(
    "rejects a report of %i bytes",
    (length) => {
      const bytes = new Uint8Array(length);
      bytes.set(MILAN_REPORT.subarray(0, Math.min(length, SNP_REPORT_SIZE)));

      expect(formatErrorCode(bytes)).toBe("invalid-length");
    },
  );

  it.each([0, 1, 6, 0xffffffff])("rejects report version %i", (version) => {
    expect(formatErrorCode(withUint32(MILAN_REPORT, 0x000, version))).toBe("unsupported-version");
  });

  it.each([0, 2, 0xffffffff])(
    "rejects signature algorithm %i (only 1, ECDSA P-384 SHA-384, exists)",
    (algorithm) => {
      expect(formatErrorCode(withUint32(MILAN_REPORT, 0x034, algorithm))).toBe(
        "unsupported-signature-algorithm",
      );
    },
  );

  it("rejects a policy whose must-be-one bit 17 is zero", () => {
    expect(formatErrorCode(withUint32(MILAN_REPORT, 0x008, 0x90000))).toBe("invalid-policy");
  });

  it.each([
    ["a reserved signing key", 2 << 2],
    ["reserved KEY_INFO bits", 1 << 5],
  ])("rejects %s in KEY_INFO", (_label, keyInfo) => {
    expect(formatErrorCode(withUint32(MILAN_REPORT, 0x048, keyInfo))).toBe("invalid-key-info");
  });

  it.each([
    ["the reserved word after KEY_INFO", 0x04c],
    ["the reserved bytes before CHIP_ID (version 2)", 0x188],
    ["the reserved byte of CURRENT_VERSION", 0x1eb],
    ["the reserved bytes before the signature", 0x250],
    ["the reserved tail of the signature", 0x2a0 + 144],
    ["the last byte of the report", SNP_REPORT_SIZE - 1],
  ])("rejects a non-zero byte in %s", (_label, offset) => {
    expect(formatErrorCode(withBytes(MILAN_REPORT, offset, [1]))).toBe("reserved-not-zero");
  });

  it("reads the CPUID fields of a version 3 report and decodes a Turin TCB with the Turin layout", () => {
    const version3 = withBytes(withUint32(MILAN_REPORT, 0x000, 3), 0x188, [0x1a, 0x02, 0x01]);
    const report = parseSnpReport(version3);

    expect(report.cpuid).toEqual({ familyId: 0x1a, modelId: 0x02, stepping: 0x01 });
    expect(report.tcbLayout).toBe("turin");
    expect(report.reportedTcb).toEqual({
      raw: "0200000000000544",
      fmc: 2,
      bootLoader: 0,
      tee: 0,
      snp: 0,
      microcode: 0x44,
    });
  });

  it("reads the mitigation vectors of a version 5 report", () => {
    const version5 = withBytes(
      withUint32(MILAN_REPORT, 0x000, 5),
      0x1f8,
      [3, 0, 0, 0, 0, 0, 0, 0, 7],
    );
    const report = parseSnpReport(version5);

    expect(report.launchMitigationVector).toBe(3n);
    expect(report.currentMitigationVector).toBe(7n);
  });

  it("names the check that failed in an error of its own type", () => {
    expect(() => parseSnpReport(new Uint8Array(10))).toThrowError(
      new SnpReportFormatError(
        "invalid-length",
        "An SEV-SNP attestation report is 1184 bytes; got 10 bytes.",
      ),
    );
  });
});
