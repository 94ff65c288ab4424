import { beforeAll, describe, expect, it } from "vitest";

import { toHex } from "../internal/bytes";
import {
  flipBit,
  forgeArk,
  forgeChain,
  milanChainBlocks,
  MILAN_CHAIN_PEM,
  MILAN_MEASUREMENT,
  MILAN_REPORT,
  MILAN_REPORT_DATA,
  MILAN_VCEK_DER,
  PINNED_NOW,
  sha256Hex,
  type ForgedChain,
} from "../test/snp-fixtures";
import { AMD_MILAN_ARK_SHA256 } from "./trust-anchors";
import {
  importVcekPublicKey,
  verifySnpReport,
  verifySnpReportSignature,
  type VerifySnpReportOptions,
} from "./verify";

/** The genuine Milan vector with its true expectations. Its guest policy allows debugging. */
function genuine(overrides: Partial<VerifySnpReportOptions> = {}): VerifySnpReportOptions {
  return {
    report: MILAN_REPORT,
    vcek: MILAN_VCEK_DER,
    chain: MILAN_CHAIN_PEM,
    now: PINNED_NOW,
    expected: { measurement: MILAN_MEASUREMENT, reportData: MILAN_REPORT_DATA },
    allowDebug: true,
    ...overrides,
  };
}

describe("verifySnpReport with the real Milan vector", () => {
  it("verifies the genuine report, chain, signature, VCEK binding, measurement and REPORT_DATA", async () => {
    const result = await verifySnpReport(genuine());

    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.checks).toEqual({
      format: "passed",
      chain: "passed",
      validity: "passed",
      signature: "passed",
      vcekBinding: "passed",
      policy: "passed",
      measurement: "passed",
      reportData: "passed",
    });
    expect(result.productLine).toBe("Milan");
    expect(toHex(result.report?.measurement ?? new Uint8Array())).toBe(MILAN_MEASUREMENT);
  });

  it("pins the ARK of the test vectors: its SHA-256 is AMD's Milan ARK fingerprint", async () => {
    const [, arkPem] = milanChainBlocks();
    const der = Uint8Array.from(atob(arkPem.replace(/-----[A-Z ]+-----|\s/g, "")), (c) =>
      c.charCodeAt(0),
    );

    expect(await sha256Hex(der)).toBe(AMD_MILAN_ARK_SHA256);
  });

  it("accepts REPORT_DATA and the measurement as hexadecimal, in either case", async () => {
    const result = await verifySnpReport(
      genuine({
        expected: {
          measurement: MILAN_MEASUREMENT.toUpperCase(),
          reportData: toHex(MILAN_REPORT_DATA),
        },
      }),
    );

    expect(result.ok).toBe(true);
  });

  it("accepts the chain as a list of DER or PEM certificates, ARK first or last", async () => {
    const [askPem, arkPem] = milanChainBlocks();
    const derOf = (pem: string): Uint8Array =>
      Uint8Array.from(atob(pem.replace(/-----[A-Z ]+-----|\s/g, "")), (c) => c.charCodeAt(0));

    expect((await verifySnpReport(genuine({ chain: [arkPem, askPem] }))).ok).toBe(true);
    expect((await verifySnpReport(genuine({ chain: [derOf(askPem), derOf(arkPem)] }))).ok).toBe(
      true,
    );
  });

  it("leaves expectations that were not given as not-checked, never as passed", async () => {
    const result = await verifySnpReport(genuine({ expected: {} }));

    expect(result.checks.measurement).toBe("not-checked");
    expect(result.checks.reportData).toBe("not-checked");
    expect(result.ok).toBe(true);
  });

  it("fails the policy check of a guest that allows debugging unless the caller accepts it", async () => {
    const result = await verifySnpReport(genuine({ allowDebug: undefined }));

    expect(result.ok).toBe(false);
    expect(result.checks.policy).toBe("failed");
    expect(result.checks.signature).toBe("passed");
    expect(result.errors).toEqual([
      {
        check: "policy",
        message: "The guest policy allows debugging: the host can read the guest's memory.",
      },
    ]);
  });

  it("fails when the report comes from another VMPL than expected", async () => {
    const result = await verifySnpReport(genuine({ expected: { vmpl: 1 } }));

    expect(result.ok).toBe(false);
    expect(result.checks.policy).toBe("failed");
  });

  it("fails on a wrong expected measurement", async () => {
    const wrong = `${MILAN_MEASUREMENT.slice(0, -1)}0`;
    const result = await verifySnpReport(
      genuine({ expected: { measurement: wrong, reportData: MILAN_REPORT_DATA } }),
    );

    expect(result.ok).toBe(false);
    expect(result.checks.measurement).toBe("failed");
    expect(result.checks.reportData).toBe("passed");
  });

  it("fails on a wrong expected REPORT_DATA", async () => {
    const wrong = Uint8Array.from(MILAN_REPORT_DATA);
    wrong[63] = 1;
    const result = await verifySnpReport(
      genuine({ expected: { measurement: MILAN_MEASUREMENT, reportData: wrong } }),
    );

    expect(result.ok).toBe(false);
    expect(result.checks.reportData).toBe("failed");
  });

  it.each([
    [
      "a measurement of the wrong length",
      { measurement: MILAN_MEASUREMENT.slice(0, 64) },
      "measurement",
    ],
    ["a measurement that is not hex", { measurement: "zz".repeat(48) }, "measurement"],
    [
      "REPORT_DATA shorter than 64 bytes",
      { reportData: new Uint8Array([1, 2, 3, 4, 5]) },
      "reportData",
    ],
  ] as const)("fails on %s", async (_label, expected, check) => {
    const result = await verifySnpReport(genuine({ expected }));

    expect(result.ok).toBe(false);
    expect(result.checks[check]).toBe("failed");
  });

  it.each([
    [
      "after the VCEK expired",
      "2029-09-25T00:00:00Z",
      "The VCEK expired on 2029-09-24T00:55:28.000Z.",
    ],
    [
      "before the VCEK was issued",
      "2022-09-23T00:00:00Z",
      "The VCEK is not valid before 2022-09-24T00:55:28.000Z.",
    ],
  ])("fails validity %s", async (_label, date, message) => {
    const result = await verifySnpReport(genuine({ now: new Date(date) }));

    expect(result.ok).toBe(false);
    expect(result.checks.validity).toBe("failed");
    expect(result.errors).toContainEqual({ check: "validity", message });
  });

  it("fails the chain when the ARK is replaced by another self-signed ARK-Milan", async () => {
    const [askPem] = milanChainBlocks();
    const fakeArk = await forgeArk();
    const result = await verifySnpReport(genuine({ chain: `${askPem}\n${fakeArk.pem}` }));

    expect(result.ok).toBe(false);
    expect(result.checks.chain).toBe("failed");
    expect(result.errors.map((error) => error.message)).toEqual(
      expect.arrayContaining([
        "The ASK's signature does not verify with the ARK's key.",
        expect.stringMatching(/^The ARK \(SHA-256 [0-9a-f]{64}\) is not a trusted AMD root\.$/),
      ]),
    );
  });

  it("fails the chain when the ARK is missing", async () => {
    const [askPem] = milanChainBlocks();
    const result = await verifySnpReport(genuine({ chain: askPem }));

    expect(result.ok).toBe(false);
    expect(result.checks.chain).toBe("failed");
  });

  it("fails the chain when the genuine ARK is not among the trusted roots", async () => {
    const result = await verifySnpReport(genuine({ trustedArkSha256: ["00".repeat(32)] }));

    expect(result.ok).toBe(false);
    expect(result.checks.chain).toBe("failed");
  });

  it("fails the signature of a report whose measurement was changed, and the measurement too", async () => {
    const result = await verifySnpReport(genuine({ report: flipBit(MILAN_REPORT, 0x90) }));

    expect(result.ok).toBe(false);
    expect(result.checks.signature).toBe("failed");
    expect(result.checks.measurement).toBe("failed");
  });

  it("reports unreadable input as failed checks instead of throwing", async () => {
    const result = await verifySnpReport(
      genuine({
        report: new Uint8Array(12),
        vcek: new Uint8Array([1, 2, 3]),
        chain: "not a certificate",
      }),
    );

    expect(result.ok).toBe(false);
    expect(result.checks.format).toBe("failed");
    expect(result.checks.chain).toBe("failed");
    expect(result.checks.signature).toBe("not-checked");
  });
});

describe("verifySnpReportSignature", () => {
  let vcekKey: CryptoKey;
  beforeAll(async () => {
    vcekKey = await importVcekPublicKey(MILAN_VCEK_DER);
  });

  it("verifies the genuine report with the VCEK's key", async () => {
    expect(await verifySnpReportSignature(MILAN_REPORT, vcekKey)).toBe(true);
  });

  it("fails for every single-bit change at every offset of the signed bytes 0x000-0x29F", async () => {
    const accepted: number[] = [];
    for (let offset = 0; offset < 0x2a0; offset++) {
      if (await verifySnpReportSignature(flipBit(MILAN_REPORT, offset, offset % 8), vcekKey))
        accepted.push(offset);
    }

    expect(accepted).toEqual([]);
  }, 60_000);

  it("fails for every single-bit change in R and S, including their zero padding", async () => {
    const accepted: number[] = [];
    for (let offset = 0x2a0; offset < 0x2a0 + 144; offset++) {
      if (await verifySnpReportSignature(flipBit(MILAN_REPORT, offset, offset % 8), vcekKey))
        accepted.push(offset);
    }

    expect(accepted).toEqual([]);
  }, 60_000);

  it("fails with another chip's key", async () => {
    const forged = await forgeChain();

    expect(
      await verifySnpReportSignature(MILAN_REPORT, await importVcekPublicKey(forged.vcekDer)),
    ).toBe(false);
  });
});

describe("verifySnpReport against a forged AMD chain", () => {
  let forged: ForgedChain;
  let forgedReport: Uint8Array;
  let forgedArkSha256: string;
  beforeAll(async () => {
    forged = await forgeChain();
    const tampered = Uint8Array.from(MILAN_REPORT);
    tampered.fill(0xaa, 0x90, 0xc0);
    forgedReport = await forged.sign(tampered);
    forgedArkSha256 = await sha256Hex(forged.arkDer);
  });

  function forgedOptions(overrides: Partial<VerifySnpReportOptions> = {}): VerifySnpReportOptions {
    return genuine({
      report: forgedReport,
      vcek: forged.vcekDer,
      chain: forged.chainPem,
      expected: { measurement: "aa".repeat(48), reportData: MILAN_REPORT_DATA },
      ...overrides,
    });
  }

  it("rejects a forged chain that is consistent in every other way, because its ARK is not pinned", async () => {
    const result = await verifySnpReport(forgedOptions());

    expect(result.ok).toBe(false);
    expect(result.checks.chain).toBe("failed");
    expect(result.errors).toEqual([
      {
        check: "chain",
        message: `The ARK (SHA-256 ${forgedArkSha256}) is not a trusted AMD root.`,
      },
    ]);
  });

  it("accepts the same forgery only when the caller trusts its root, so the pin is what protects", async () => {
    const result = await verifySnpReport(forgedOptions({ trustedArkSha256: [forgedArkSha256] }));

    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("fails the VCEK binding when the VCEK was issued for another TCB", async () => {
    const otherTcb = await forgeChain({ spl: { bootLoader: 2, tee: 0, snp: 5, microcode: 0x45 } });
    const report = await otherTcb.sign(MILAN_REPORT);
    const result = await verifySnpReport(
      genuine({
        report,
        vcek: otherTcb.vcekDer,
        chain: otherTcb.chainPem,
        trustedArkSha256: [await sha256Hex(otherTcb.arkDer)],
      }),
    );

    expect(result.ok).toBe(false);
    expect(result.checks.signature).toBe("passed");
    expect(result.errors).toEqual([
      {
        check: "vcekBinding",
        message: "The VCEK's microcode SPL 69 differs from the report's REPORTED_TCB (68).",
      },
    ]);
  });

  it("fails the VCEK binding when the VCEK was issued for another chip", async () => {
    const otherChip = await forgeChain({ hardwareId: new Uint8Array(64).fill(7) });
    const report = await otherChip.sign(MILAN_REPORT);
    const result = await verifySnpReport(
      genuine({
        report,
        vcek: otherChip.vcekDer,
        chain: otherChip.chainPem,
        trustedArkSha256: [await sha256Hex(otherChip.arkDer)],
      }),
    );

    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      {
        check: "vcekBinding",
        message: "The VCEK's hardware ID differs from the report's CHIP_ID.",
      },
    ]);
  });

  it("fails the VCEK binding of a report that says a VLEK signed it", async () => {
    const vlekSigned = Uint8Array.from(MILAN_REPORT);
    new DataView(vlekSigned.buffer).setUint32(0x048, 1 << 2, true);
    const result = await verifySnpReport(
      forgedOptions({
        report: await forged.sign(vlekSigned),
        trustedArkSha256: [forgedArkSha256],
        expected: {},
      }),
    );

    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { check: "vcekBinding", message: "The report says it is signed by VLEK, not a VCEK." },
    ]);
  });
});
