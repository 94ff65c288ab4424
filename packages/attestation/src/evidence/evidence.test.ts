import { createHash } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { toBase64, toHex } from "../internal/bytes";
import { describeComponents, describeOverallStatus } from "../status/describe";
import { createAttestationRecord, loadAttestation, saveAttestation } from "../status/store";
import { MemoryStorage } from "../test/memory-storage";
import {
  forgeChain,
  MILAN_CHAIN_PEM,
  MILAN_MEASUREMENT,
  MILAN_REPORT,
  MILAN_VCEK_DER,
  PINNED_NOW,
  sha256Hex,
  type ForgedChain,
} from "../test/snp-fixtures";
import {
  computeReportDataBinding,
  evaluateEvidence,
  NO_HARDWARE_ISOLATION_REASON,
  type AttestationEvidence,
  type EvaluateEvidenceOptions,
} from "./evidence";
import { computeReferenceValue } from "./reference-values";

const encoder = new TextEncoder();
const HPKE_KEY = new Uint8Array(32).fill(0x11);
const NONCE = new Uint8Array(16).fill(0x22);
const SYSTEM_IMAGE = "a".repeat(64);
const CONTAINER_BUNDLE = "b".repeat(64);
const LAUNCH_MEASUREMENT = "cd".repeat(48);

function devEvidence(overrides: Partial<AttestationEvidence> = {}): AttestationEvidence {
  return {
    platform: "none",
    measurements: { system_image: SYSTEM_IMAGE, container_bundle: CONTAINER_BUNDLE },
    hpkePublicKey: toBase64(HPKE_KEY),
    nonce: toBase64(NONCE),
    ...overrides,
  };
}

function options(overrides: Partial<EvaluateEvidenceOptions> = {}): EvaluateEvidenceOptions {
  return {
    referenceValues: { system_image: SYSTEM_IMAGE, container_bundle: CONTAINER_BUNDLE },
    now: PINNED_NOW,
    ...overrides,
  };
}

describe("computeReferenceValue", () => {
  it("is the SHA-256 of the bytes in lowercase hex", async () => {
    expect(await computeReferenceValue(encoder.encode("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("computeReportDataBinding", () => {
  it("is SHA-512 over the documented, length-prefixed encoding of key, nonce and measurements", async () => {
    const measurements = {
      system_image: SYSTEM_IMAGE.toUpperCase(),
      container_bundle: CONTAINER_BUNDLE,
    };
    const length = (n: number): Buffer => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(n);
      return out;
    };
    const text = Buffer.from(
      `container_bundle=${CONTAINER_BUNDLE}\nsystem_image=${SYSTEM_IMAGE}\n`,
    );
    const expected = createHash("sha512")
      .update(Buffer.from("paraphe/attestation/report-data/v1\0"))
      .update(length(32))
      .update(HPKE_KEY)
      .update(length(16))
      .update(NONCE)
      .update(length(text.length))
      .update(text)
      .digest("hex");

    const binding = await computeReportDataBinding({
      hpkePublicKey: HPKE_KEY,
      nonce: NONCE,
      measurements,
    });

    expect(binding).toHaveLength(64);
    expect(toHex(binding)).toBe(expected);
    expect(
      toHex(
        await computeReportDataBinding({
          hpkePublicKey: toBase64(HPKE_KEY),
          nonce: toBase64(NONCE),
          measurements,
        }),
      ),
    ).toBe(expected);
  });

  it("changes when the key, the nonce or a measurement changes", async () => {
    const base = {
      hpkePublicKey: HPKE_KEY,
      nonce: NONCE,
      measurements: { system_image: SYSTEM_IMAGE },
    };
    const reference = toHex(await computeReportDataBinding(base));
    const variants = [
      { ...base, hpkePublicKey: new Uint8Array(32).fill(0x12) },
      { ...base, nonce: new Uint8Array(16).fill(0x23) },
      { ...base, measurements: { system_image: "f".repeat(64) } },
      { ...base, measurements: { kernel_image: SYSTEM_IMAGE } },
    ];

    for (const variant of variants)
      expect(toHex(await computeReportDataBinding(variant))).not.toBe(reference);
  });
});

describe("evaluateEvidence on a server without a TEE", () => {
  it("never verifies the hardware and never says Success, even when all software matches", async () => {
    const evaluation = await evaluateEvidence(devEvidence(), options());

    expect(evaluation.status).toEqual({
      status: "GenericFailure",
      reason: NO_HARDWARE_ISOLATION_REASON,
      components: { amd_sev_snp: false, container_bundle: true, system_image: true },
    });
    expect(NO_HARDWARE_ISOLATION_REASON).toBe("no hardware isolation: development server");
  });

  it("says why in plain words, with the server's own reason when it gives one", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({ reason: "developer laptop" }),
      options(),
    );

    expect(evaluation.status.reason).toBe("no hardware isolation: developer laptop");
  });

  it("marks a software component whose measurement differs from the reference as not verified", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({
        measurements: { system_image: "0".repeat(64), container_bundle: CONTAINER_BUNDLE },
      }),
      options(),
    );

    expect(evaluation.status.components).toMatchObject({
      system_image: false,
      container_bundle: true,
    });
    expect(evaluation.errors).toContain(
      "The measurement of system_image differs from its reference value.",
    );
  });

  it("never verifies a component that has no reference value, or no measurement", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({
        measurements: { system_image: SYSTEM_IMAGE, container_config: "e".repeat(64) },
      }),
      options(),
    );

    expect(evaluation.status.components).toEqual({
      amd_sev_snp: false,
      container_bundle: false,
      container_config: false,
      system_image: true,
    });
  });

  it("never verifies stage0 without the hardware that measures it", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({ measurements: { stage0: SYSTEM_IMAGE } }),
      options({ referenceValues: { stage0: SYSTEM_IMAGE } }),
    );

    expect(evaluation.status.components).toEqual({ amd_sev_snp: false, stage0: false });
  });

  it("compares hexadecimal measurements regardless of case", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({
        measurements: {
          system_image: SYSTEM_IMAGE.toUpperCase(),
          container_bundle: CONTAINER_BUNDLE,
        },
      }),
      options(),
    );

    expect(evaluation.status.components["system_image"]).toBe(true);
  });

  it("verifies nothing when the evidence is bound to another nonce than the one sent", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence(),
      options({ expectedKeyBinding: { hpkePublicKey: HPKE_KEY, nonce: new Uint8Array(16) } }),
    );

    expect(evaluation.status.components).toEqual({
      amd_sev_snp: false,
      container_bundle: false,
      system_image: false,
    });
    expect(evaluation.errors).toContain(
      "The evidence is bound to another nonce than the one sent.",
    );
  });

  it("reports each component's measurement beside its reference in the results", async () => {
    const evaluation = await evaluateEvidence(devEvidence(), options());

    expect(evaluation.results).toEqual({
      measurements: {
        amd_sev_snp: { value: "none" },
        container_bundle: { hash: CONTAINER_BUNDLE, reference: CONTAINER_BUNDLE },
        system_image: { hash: SYSTEM_IMAGE, reference: SYSTEM_IMAGE },
      },
    });
  });

  it.each([
    ["an unknown platform", { ...devEvidence(), platform: "intel-tdx" }],
    [
      "a measurement that is not SHA-256 hex",
      devEvidence({ measurements: { system_image: "xyz" } }),
    ],
    ["a key that is not base64", devEvidence({ hpkePublicKey: "not base64!" })],
    ["no evidence at all", null],
  ])("gives GenericFailure with nothing verified for %s", async (_label, evidence) => {
    const evaluation = await evaluateEvidence(evidence, options());

    expect(evaluation.status).toEqual({
      status: "GenericFailure",
      reason: "the server's attestation evidence is malformed",
      components: { amd_sev_snp: false },
    });
  });
});

describe("evaluateEvidence on AMD SEV-SNP", () => {
  let forged: ForgedChain;
  let trustedArk: string;
  beforeAll(async () => {
    forged = await forgeChain();
    trustedArk = await sha256Hex(forged.arkDer);
  });

  /** A report as the AMD-SP would produce it for this evidence: REPORT_DATA bound, debugging off. */
  async function snpEvidence(
    measurements: Record<string, string> = {
      system_image: SYSTEM_IMAGE,
      container_bundle: CONTAINER_BUNDLE,
    },
    reportData?: Uint8Array,
  ): Promise<AttestationEvidence> {
    const report = Uint8Array.from(MILAN_REPORT);
    new DataView(report.buffer).setBigUint64(0x008, 0x30000n, true);
    report.set(
      reportData ??
        (await computeReportDataBinding({ hpkePublicKey: HPKE_KEY, nonce: NONCE, measurements })),
      0x050,
    );
    report.set(
      Uint8Array.from(LAUNCH_MEASUREMENT.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)),
      0x090,
    );
    return devEvidence({
      platform: "amd-sev-snp",
      report: toBase64(await forged.sign(report)),
      vcek: toBase64(forged.vcekDer),
      chain: forged.chainPem,
      measurements,
    });
  }

  function snpOptions(overrides: Partial<EvaluateEvidenceOptions> = {}): EvaluateEvidenceOptions {
    return options({
      referenceValues: {
        stage0: LAUNCH_MEASUREMENT,
        system_image: SYSTEM_IMAGE,
        container_bundle: CONTAINER_BUNDLE,
      },
      trustedArkSha256: [trustedArk],
      expectedKeyBinding: { hpkePublicKey: HPKE_KEY, nonce: NONCE },
      ...overrides,
    });
  }

  it("says Success when the report, its key binding, the launch measurement and every component verify", async () => {
    const evaluation = await evaluateEvidence(await snpEvidence(), snpOptions());

    expect(evaluation.errors).toEqual([]);
    expect(evaluation.status).toEqual({
      status: "Success",
      components: { amd_sev_snp: true, stage0: true, container_bundle: true, system_image: true },
    });
    expect(evaluation.results.measurements?.["stage0"]).toEqual({
      hash: LAUNCH_MEASUREMENT,
      reference: LAUNCH_MEASUREMENT,
    });
    expect(evaluation.results.measurements?.["amd_sev_snp"]).toEqual({
      value: "AMD SEV-SNP Milan",
    });
  });

  it("does not verify the hardware when the root of the chain is not a trusted AMD ARK", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(),
      snpOptions({ trustedArkSha256: undefined }),
    );

    expect(evaluation.status.status).toBe("GenericFailure");
    expect(evaluation.status.components).toEqual({
      amd_sev_snp: false,
      stage0: false,
      container_bundle: false,
      system_image: false,
    });
  });

  it("does not verify the hardware when REPORT_DATA does not bind the HPKE key, nonce and measurements", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(undefined, new Uint8Array(64)),
      snpOptions(),
    );

    expect(evaluation.status.components["amd_sev_snp"]).toBe(false);
    expect(evaluation.snp?.checks.reportData).toBe("failed");
    expect(evaluation.status.reason).toBe("the AMD SEV-SNP attestation could not be verified");
  });

  it("does not verify the hardware when the measurements were changed after the report was made", async () => {
    const evidence = await snpEvidence();
    const evaluation = await evaluateEvidence(
      { ...evidence, measurements: { ...evidence.measurements, system_image: "0".repeat(64) } },
      snpOptions({
        referenceValues: {
          stage0: LAUNCH_MEASUREMENT,
          system_image: "0".repeat(64),
          container_bundle: CONTAINER_BUNDLE,
        },
      }),
    );

    expect(evaluation.status.components).toMatchObject({ amd_sev_snp: false, system_image: false });
  });

  it("does not verify the hardware when the evidence is bound to another HPKE key than expected", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(),
      snpOptions({ expectedKeyBinding: { hpkePublicKey: new Uint8Array(32), nonce: NONCE } }),
    );

    expect(evaluation.status.components["amd_sev_snp"]).toBe(false);
  });

  it("verifies the hardware but not stage0, nor the software, when the launch measurement differs", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(),
      snpOptions({
        referenceValues: {
          stage0: "ee".repeat(48),
          system_image: SYSTEM_IMAGE,
          container_bundle: CONTAINER_BUNDLE,
        },
      }),
    );

    expect(evaluation.status).toEqual({
      status: "GenericFailure",
      reason: "not verified: stage0, container_bundle, system_image",
      components: {
        amd_sev_snp: true,
        stage0: false,
        container_bundle: false,
        system_image: false,
      },
    });
  });

  it("does not verify stage0 without its reference value, nor the software its guest reports", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(),
      snpOptions({
        referenceValues: { system_image: SYSTEM_IMAGE, container_bundle: CONTAINER_BUNDLE },
      }),
    );

    expect(evaluation.status).toEqual({
      status: "GenericFailure",
      reason: "not verified: stage0, container_bundle, system_image",
      components: {
        amd_sev_snp: true,
        stage0: false,
        container_bundle: false,
        system_image: false,
      },
    });
    expect(evaluation.errors).toEqual(["No reference value for stage0: it cannot be verified."]);
  });

  it("names the software component whose measurement differs from its reference", async () => {
    const evaluation = await evaluateEvidence(
      await snpEvidence(),
      snpOptions({
        referenceValues: {
          stage0: LAUNCH_MEASUREMENT,
          system_image: "9".repeat(64),
          container_bundle: CONTAINER_BUNDLE,
        },
      }),
    );

    expect(evaluation.status.reason).toBe("not verified: system_image");
    expect(evaluation.status.components).toMatchObject({
      amd_sev_snp: true,
      system_image: false,
      container_bundle: true,
    });
  });

  it("does not verify the hardware when the report is missing", async () => {
    const evidence = await snpEvidence();
    const evaluation = await evaluateEvidence({ ...evidence, report: undefined }, snpOptions());

    expect(evaluation.status.components["amd_sev_snp"]).toBe(false);
    expect(evaluation.errors).toContain(
      "The SEV-SNP evidence lacks its report, VCEK or certificate chain.",
    );
  });

  it("does not verify the real Milan report, whose REPORT_DATA binds no HPKE key of ours", async () => {
    const evaluation = await evaluateEvidence(
      devEvidence({
        platform: "amd-sev-snp",
        report: toBase64(MILAN_REPORT),
        vcek: toBase64(MILAN_VCEK_DER),
        chain: MILAN_CHAIN_PEM,
      }),
      options({ referenceValues: { stage0: MILAN_MEASUREMENT }, allowDebug: true }),
    );

    expect(evaluation.snp?.checks).toMatchObject({
      chain: "passed",
      signature: "passed",
      measurement: "passed",
      reportData: "failed",
    });
    expect(evaluation.status.components).toEqual({
      amd_sev_snp: false,
      stage0: false,
      container_bundle: false,
      system_image: false,
    });
  });

  it("produces a record the security dialog reads back and shows as verified", async () => {
    const evaluation = await evaluateEvidence(await snpEvidence(), snpOptions());
    const storage = new MemoryStorage();
    saveAttestation(storage, createAttestationRecord(evaluation, PINNED_NOW));
    const snapshot = loadAttestation(storage);

    expect(snapshot.state).toBe("ready");
    if (snapshot.state !== "ready") return;
    expect(describeOverallStatus(snapshot.status.status).tone).toBe("verified");
    expect(
      describeComponents(snapshot.status).map((view) => [view.displayName, view.state]),
    ).toEqual([
      ["Amd sev snp", "verified"],
      ["Stage0", "verified"],
      ["System image", "verified"],
      ["Container bundle", "verified"],
    ]);
  });
});
