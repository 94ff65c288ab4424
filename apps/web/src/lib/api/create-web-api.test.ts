import { ATTESTATION_STORE_NAME, loadAttestation } from "@paraphe/attestation";
import { ATTESTED_API_URL, attestedApi } from "@paraphe/attestation/testing";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeStoredUser, readStoredUser } from "../../app/session/session-storage";
import { leaveOnAuthenticationError } from "./authentication-error";
import { createWebApi } from "./create-web-api";
import { attestationRecordOf, saveAttestationOutcome } from "./web-api-client";

const outcome = {
  ok: true,
  status: {
    status: "GenericFailure",
    reason: "no hardware isolation: development server",
    components: { amd_sev_snp: false, container_bundle: true },
  },
  results: { measurements: {} },
  checkedAt: Date.parse("2026-03-01T10:00:00.000Z"),
};

describe("attestation records", () => {
  it("saves each outcome of the tunnel where the security dialog reads it", async () => {
    await saveAttestationOutcome(outcome);
    expect(JSON.parse(localStorage.getItem(ATTESTATION_STORE_NAME) ?? "[]")).toEqual([
      attestationRecordOf(outcome),
    ]);
    const snapshot = loadAttestation(localStorage);
    expect(snapshot).toMatchObject({
      state: "ready",
      date: "2026-03-01T10:00:00.000Z",
      status: { status: "GenericFailure" },
    });
  });

  it("only logs when the record cannot be stored", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await saveAttestationOutcome(outcome, () => ({
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    }));
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe("AUTHENTICATION_ERROR (spec §8)", () => {
  it("removes the stored user and goes to /login", () => {
    writeStoredUser({ accessKey: "ak", secretKey: "sk", email: "a@example.com" });
    const navigate = vi.fn();
    leaveOnAuthenticationError({ pathname: () => "/settings/profile", navigate });
    expect(readStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("stays put when already on /login", () => {
    const navigate = vi.fn();
    leaveOnAuthenticationError({ pathname: () => "/login", navigate });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("the tunnel's evidence check", () => {
  const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
  const OTHER_BUILD = { container_bundle: "c".repeat(64), container_config: "b".repeat(64) };
  const server = setupServer();
  // The app's test set-up stubs fetch for every test; this one goes through msw instead.
  beforeEach(() => {
    vi.unstubAllGlobals();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.close());

  it("checks the server's evidence against the values pinned into the build, never asking the server for them", async () => {
    // Another build, which vouches for itself: its own values match its measurements.
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(http.all(`${ATTESTED_API_URL}/*`, ({ request }) => api.handle(request)));
    const storage = new Map<string, string>();
    const client = createWebApi({
      apiUrl: ATTESTED_API_URL,
      appCredential: { accessKey: "paraphe-web", secretKey: "test" },
      language: () => "en",
      onAuthenticationError: () => undefined,
      referenceValues: BUILD,
      attestationStorage: () => ({
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
      }),
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
