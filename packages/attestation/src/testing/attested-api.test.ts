import { createTunnelClient } from "@paraphe/tunnel-client";
import { describe, expect, it } from "vitest";

import { createEvidenceVerifier } from "../evidence/verifier";
import { ATTESTED_API_URL, attestedApi } from "./attested-api";

const MEASUREMENTS = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };

describe("attestedApi", () => {
  it("opens a real tunnel whose evidence is that of a server without a TEE, bound to the handshake", async () => {
    const api = attestedApi({ measurements: MEASUREMENTS, servedReferenceValues: MEASUREMENTS });
    const tunnel = createTunnelClient({
      baseUrl: ATTESTED_API_URL,
      fetch: (input, init) => api.handle(new Request(input, init)),
      verifyEvidence: createEvidenceVerifier({ referenceValues: MEASUREMENTS }),
    });
    await tunnel.ensureOpen();
    expect(tunnel.getAttestationStatus()).toMatchObject({
      status: "GenericFailure",
      components: { amd_sev_snp: false, container_bundle: true, container_config: true },
    });
    expect(api.stats.referenceValueRequests).toBe(0);
    tunnel.destroy();
  });

  it("serves its reference values about itself and counts the requests for them", async () => {
    const served = { container_bundle: "c".repeat(64) };
    const api = attestedApi({ measurements: MEASUREMENTS, servedReferenceValues: served });
    const response = await api.handle(
      new Request(`${ATTESTED_API_URL}/attestation/reference-values`),
    );
    expect(await response.json()).toEqual({ referenceValues: served });
    expect(api.stats.referenceValueRequests).toBe(1);
    expect((await api.handle(new Request(`${ATTESTED_API_URL}/other`))).status).toBe(404);
  });
});
