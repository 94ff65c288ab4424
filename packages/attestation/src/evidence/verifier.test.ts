import { describe, expect, it, vi } from "vitest";

import { toBase64 } from "../internal/bytes";
import { NO_HARDWARE_ISOLATION_REASON, type AttestationEvidence } from "./evidence";
import { createEvidenceVerifier } from "./verifier";

const HPKE_KEY = new Uint8Array(32).fill(0x11);
const NONCE = new Uint8Array(32).fill(0x22);
const CONTAINER_BUNDLE = "b".repeat(64);
const context = { hpkePublicKey: HPKE_KEY, clientNonce: NONCE };

function evidence(overrides: Partial<AttestationEvidence> = {}) {
  return {
    attestation: {
      platform: "none",
      reason: NO_HARDWARE_ISOLATION_REASON,
      measurements: { container_bundle: CONTAINER_BUNDLE },
      hpkePublicKey: toBase64(HPKE_KEY),
      nonce: toBase64(NONCE),
      ...overrides,
    } satisfies AttestationEvidence,
  };
}

describe("createEvidenceVerifier", () => {
  it("opens the session on a development server and says plainly that the hardware was not verified", async () => {
    const verify = createEvidenceVerifier({
      referenceValues: { container_bundle: CONTAINER_BUNDLE },
    });
    const outcome = await verify(evidence(), context);
    expect(outcome.ok).toBe(true);
    expect(outcome.status.status).not.toBe("Success");
    expect(outcome.status.components?.amd_sev_snp).toBe(false);
  });

  it("refuses evidence bound to another HPKE key or another nonce", async () => {
    const verify = createEvidenceVerifier({ referenceValues: {} });
    const otherKey = await verify(
      evidence({ hpkePublicKey: toBase64(new Uint8Array(32).fill(0x33)) }),
      context,
    );
    const otherNonce = await verify(
      evidence({ nonce: toBase64(new Uint8Array(32).fill(0x44)) }),
      context,
    );
    expect(otherKey.ok).toBe(false);
    expect(otherNonce.ok).toBe(false);
  });

  it("refuses malformed evidence", async () => {
    const verify = createEvidenceVerifier({ referenceValues: {} });
    expect((await verify({ attestation: { platform: "none" } }, context)).ok).toBe(false);
    expect((await verify(null, context)).ok).toBe(false);
  });

  it("refuses an unverified server when the client requires a verified one", async () => {
    const verify = createEvidenceVerifier({ referenceValues: {}, requireVerified: true });
    expect((await verify(evidence(), context)).ok).toBe(false);
  });

  it("loads the reference values once, and again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<Record<string, string>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({ container_bundle: CONTAINER_BUNDLE });
    const verify = createEvidenceVerifier({ referenceValues: load });
    await expect(verify(evidence(), context)).rejects.toThrow("offline");
    await verify(evidence(), context);
    await verify(evidence(), context);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("checks the evidence against reference values passed directly, and refuses to verify a measurement that differs", async () => {
    const verify = createEvidenceVerifier({
      referenceValues: { container_bundle: "c".repeat(64) },
    });
    const outcome = await verify(evidence(), context);
    expect(outcome.status.components?.container_bundle).toBe(false);
    expect(outcome.results.measurements?.container_bundle).toEqual({
      hash: CONTAINER_BUNDLE,
      reference: "c".repeat(64),
    });
    const strict = createEvidenceVerifier({
      referenceValues: { container_bundle: "c".repeat(64) },
      requireVerified: true,
    });
    expect((await strict(evidence(), context)).ok).toBe(false);
  });

  it("refuses malformed reference values when it is created", () => {
    expect(() => createEvidenceVerifier({ referenceValues: { container_bundle: "xyz" } })).toThrow(
      TypeError,
    );
    expect(() =>
      createEvidenceVerifier({ referenceValues: { "Container Bundle": CONTAINER_BUNDLE } }),
    ).toThrow(TypeError);
  });

  it("refuses malformed reference values from a loader, and loads again at the next handshake", async () => {
    const load = vi
      .fn<() => Promise<Record<string, string>>>()
      .mockResolvedValueOnce({ container_bundle: "not hex" })
      .mockResolvedValue({ container_bundle: CONTAINER_BUNDLE.toUpperCase() });
    const verify = createEvidenceVerifier({ referenceValues: load });
    await expect(verify(evidence(), context)).rejects.toThrow(TypeError);
    const outcome = await verify(evidence(), context);
    expect(outcome.status.components?.container_bundle).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
