import { describe, expect, it, vi } from "vitest";

import { NO_HARDWARE_ISOLATION_REASON, type AttestationEvidence } from "../evidence/evidence";
import { createEvidenceVerifier } from "../evidence/verifier";
import { toBase64 } from "../internal/bytes";
import {
  MISSING_REFERENCE_VALUES,
  readReferenceValuesSetting,
  verifierReferenceValues,
  type ReferenceValuesSetting,
} from "./reference-values-setting";

const API_URL = "https://api.test";
const HPKE_KEY = new Uint8Array(32).fill(0x11);
const NONCE = new Uint8Array(32).fill(0x22);
const context = { hpkePublicKey: HPKE_KEY, clientNonce: NONCE };
const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
const OTHER_BUILD = { container_bundle: "c".repeat(64), container_config: "b".repeat(64) };

/** The evidence of a server without a TEE (like apps/api in development) measuring `measurements`. */
function evidenceOf(measurements: Record<string, string>) {
  return {
    attestation: {
      platform: "none",
      reason: NO_HARDWARE_ISOLATION_REASON,
      measurements,
      hpkePublicKey: toBase64(HPKE_KEY),
      nonce: toBase64(NONCE),
    } satisfies AttestationEvidence,
  };
}

/** A server that vouches for itself: it serves reference values equal to its measurements. */
function selfVouchingServer(referenceValues: Record<string, string>) {
  return vi.fn<typeof globalThis.fetch>(() => Promise.resolve(Response.json({ referenceValues })));
}

function verifierFor(setting: ReferenceValuesSetting, fetch: typeof globalThis.fetch) {
  return createEvidenceVerifier({
    referenceValues: verifierReferenceValues(setting, { apiUrl: API_URL, fetch }),
  });
}

describe("the evidence check of a client with reference values pinned at build time", () => {
  it("checks the evidence against the pinned values and never asks the server for them", async () => {
    const fetch = selfVouchingServer(BUILD);
    const outcome = await verifierFor(BUILD, fetch)(evidenceOf(BUILD), context);
    expect(outcome.status.components).toEqual({
      amd_sev_snp: false,
      container_bundle: true,
      container_config: true,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not verify a server whose evidence differs from the pinned values, whatever it serves about itself", async () => {
    const fetch = selfVouchingServer(OTHER_BUILD);
    const outcome = await verifierFor(BUILD, fetch)(evidenceOf(OTHER_BUILD), context);
    expect(outcome.status).toMatchObject({
      status: "GenericFailure",
      components: { container_bundle: false, container_config: true },
    });
    expect(outcome.results.measurements?.container_bundle).toEqual({
      hash: OTHER_BUILD.container_bundle,
      reference: BUILD.container_bundle,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches them from the server only in a build made with the development option", async () => {
    const fetch = selfVouchingServer(OTHER_BUILD);
    const verify = verifierFor(readReferenceValuesSetting("fetch-from-server"), fetch);
    const outcome = await verify(evidenceOf(OTHER_BUILD), context);
    expect(outcome.status.components?.container_bundle).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${API_URL}/attestation/reference-values`);
  });

  it("refuses every handshake of a bundle built without them, rather than asking the server", async () => {
    const fetch = selfVouchingServer(BUILD);
    const verify = verifierFor(readReferenceValuesSetting(undefined), fetch);
    await expect(verify(evidenceOf(BUILD), context)).rejects.toThrow(MISSING_REFERENCE_VALUES);
    await expect(verify(evidenceOf(BUILD), context)).rejects.toThrow(MISSING_REFERENCE_VALUES);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("readReferenceValuesSetting", () => {
  it("reads the values the build pinned, or the development option", () => {
    expect(readReferenceValuesSetting(JSON.stringify(BUILD))).toEqual(BUILD);
    expect(readReferenceValuesSetting("fetch-from-server")).toBe("fetch-from-server");
    expect(readReferenceValuesSetting(undefined)).toBe("missing");
    expect(readReferenceValuesSetting("")).toBe("missing");
  });
});
