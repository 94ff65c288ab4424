import { ATTESTATION_STORE_NAME, loadAttestation } from "@paraphe/attestation";
import { setupServer } from "msw/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeStoredUser, readStoredUser } from "../../app/session/session-storage";
import { leaveOnAuthenticationError } from "./authentication-error";
import { ATTESTED_API_URL, attestedApi } from "../../test/msw/attested-api";
import { attestationRecordOf, createWebApi, saveAttestationOutcome } from "./create-web-api";
import {
  MISSING_REFERENCE_VALUES,
  readReferenceValuesSetting,
  type ReferenceValuesSetting,
} from "./reference-values";

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
  it("saves each outcome of the tunnel where the security dialog reads it", () => {
    saveAttestationOutcome(outcome);
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

  it("only logs when the record cannot be stored", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    saveAttestationOutcome(outcome, () => ({
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

describe("the tunnel's evidence check (reference values pinned at build time)", () => {
  const BUILD = { container_bundle: "a".repeat(64), container_config: "b".repeat(64) };
  const OTHER_BUILD = { container_bundle: "c".repeat(64), container_config: "b".repeat(64) };
  const server = setupServer();
  // The app's test set-up stubs fetch for every test; these go through msw instead.
  beforeEach(() => {
    vi.unstubAllGlobals();
    server.listen({ onUnhandledRequest: "error" });
  });
  afterEach(() => server.close());

  function webApi(referenceValues: ReferenceValuesSetting) {
    return createWebApi({
      apiUrl: ATTESTED_API_URL,
      appCredential: { accessKey: "paraphe-web", secretKey: "test" },
      language: () => "en",
      onAuthenticationError: () => undefined,
      referenceValues,
      attestationStorage: () => memoryStorage(),
    });
  }
  const storage = new Map<string, string>();
  const memoryStorage = () => ({
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });

  it("checks the evidence against the pinned values and never asks the server for them", async () => {
    const api = attestedApi({ measurements: BUILD, servedReferenceValues: BUILD });
    server.use(...api.handlers);
    const client = webApi(BUILD);
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
    // Another build, which vouches for itself: its own values match its measurements.
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(...api.handlers);
    const client = webApi(BUILD);
    await client.tunnel.ensureOpen();
    expect(client.tunnel.getAttestationStatus()).toMatchObject({
      status: "GenericFailure",
      components: { container_bundle: false, container_config: true },
    });
    const results = JSON.parse(client.tunnel.getAttestationResults() ?? "null") as {
      measurements: Record<string, unknown>;
    };
    expect(results.measurements.container_bundle).toEqual({
      hash: OTHER_BUILD.container_bundle,
      reference: BUILD.container_bundle,
    });
    expect(api.stats.referenceValueRequests).toBe(0);
    client.tunnel.destroy();
  });

  it("fetches them from the server only in a build made with the development option", async () => {
    const api = attestedApi({ measurements: OTHER_BUILD, servedReferenceValues: OTHER_BUILD });
    server.use(...api.handlers);
    const client = webApi(readReferenceValuesSetting("fetch-from-server"));
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
    const client = webApi(readReferenceValuesSetting(undefined));
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
    const values = { container_bundle: "a".repeat(64) };
    expect(readReferenceValuesSetting(JSON.stringify(values))).toEqual(values);
    expect(readReferenceValuesSetting("fetch-from-server")).toBe("fetch-from-server");
    expect(readReferenceValuesSetting(undefined)).toBe("missing");
  });
});
