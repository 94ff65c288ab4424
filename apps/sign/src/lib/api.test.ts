import { ATTESTED_API_URL, attestedApi } from "@paraphe/attestation/testing";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSignApi } from "./sign-api";

const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
const OTHER_BUILD = { container_bundle: "c".repeat(64), container_config: "b".repeat(64) };

describe("the tunnel's evidence check", () => {
  const server = setupServer();
  // The app's test set-up may stub fetch; this one goes through msw.
  beforeEach(() => {
    vi.unstubAllGlobals();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.close());

  it("checks the server's evidence against the values pinned into the build, never asking the server for them", async () => {
    // Another build, which vouches for itself: its own values match its measurements.
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(http.all(`${ATTESTED_API_URL}/*`, ({ request }) => api.handle(request)));
    const client = createSignApi({
      apiUrl: ATTESTED_API_URL,
      appCredential: { accessKey: "paraphe-sign", secretKey: "paraphe-sign-app-credential" },
      language: () => "en",
      referenceValues: BUILD,
    });
    await client.tunnel.ensureOpen();
    expect(client.tunnel.getAttestationStatus()).toMatchObject({
      status: "GenericFailure",
      components: { container_bundle: false, container_config: true },
    });
    expect(api.stats.referenceValueRequests).toBe(0);
    client.tunnel.destroy();
  });
});
