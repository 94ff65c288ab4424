import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTESTED_API_URL, attestedApi } from "../test/msw/attested-api";
import { createSignApi } from "./api";
import {
  MISSING_REFERENCE_VALUES,
  readReferenceValuesSetting,
  type ReferenceValuesSetting,
} from "./reference-values";

const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
const OTHER_BUILD = { container_bundle: "c".repeat(64), container_config: "b".repeat(64) };

describe("the tunnel's evidence check (reference values pinned at build time)", () => {
  const server = setupServer();
  // The app's test set-up may stub fetch; these go through msw.
  beforeEach(() => {
    vi.unstubAllGlobals();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.close());

  function signApi(referenceValues: ReferenceValuesSetting) {
    return createSignApi({
      apiUrl: ATTESTED_API_URL,
      appCredential: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
      language: () => "en",
      referenceValues,
    });
  }

  it("checks the evidence against the pinned values and never asks the server for them", async () => {
    const api = attestedApi({ measurements: BUILD, servedReferenceValues: BUILD });
    server.use(...api.handlers);
    const client = signApi(BUILD);
    await client.tunnel.ensureOpen();
    expect(client.tunnel.getAttestationStatus()).toHaveProperty("components", {
      amd_sev_snp: false,
      container_bundle: true,
      container_config: true,
    });
    expect(api.stats.referenceValueRequests).toBe(0);
    client.tunnel.destroy();
  });

  it("does not verify a server whose evidence differs from the pinned values, whatever it serves about itself", async () => {
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(...api.handlers);
    const client = signApi(BUILD);
    await client.tunnel.ensureOpen();
    expect(client.tunnel.getAttestationStatus()).toMatchObject({
      status: "GenericFailure",
      components: { container_bundle: false, container_config: true },
    });
    expect(api.stats.referenceValueRequests).toBe(0);
    client.tunnel.destroy();
  });

  it("fetches them from the server only in a build made with the development option", async () => {
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(...api.handlers);
    const client = signApi(readReferenceValuesSetting("fetch-from-server"));
    await client.tunnel.ensureOpen();
    expect(client.tunnel.getAttestationStatus()).toHaveProperty(
      "components.container_bundle",
      true,
    );
    expect(api.stats.referenceValueRequests).toBe(1);
    client.tunnel.destroy();
  });

  it("refuses every handshake of a bundle built without them, rather than asking the server", async () => {
    const api = attestedApi({ measurements: BUILD, servedReferenceValues: BUILD });
    server.use(...api.handlers);
    const client = signApi(readReferenceValuesSetting(undefined));
    const failure: unknown = await client.tunnel.ensureOpen().catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: "EVIDENCE_REJECTED",
      cause: { message: MISSING_REFERENCE_VALUES },
    });
    expect(api.stats.referenceValueRequests).toBe(0);
  });
});

describe("readReferenceValuesSetting", () => {
  it("reads the values the build pinned, or the development option", () => {
    expect(readReferenceValuesSetting(JSON.stringify(BUILD))).toEqual(BUILD);
    expect(readReferenceValuesSetting("fetch-from-server")).toBe("fetch-from-server");
    expect(readReferenceValuesSetting(undefined)).toBe("missing");
  });
});
