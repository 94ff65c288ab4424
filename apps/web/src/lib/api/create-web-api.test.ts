import { ATTESTATION_STORE_NAME, loadAttestation } from "@paraphe/attestation";
import { describe, expect, it, vi } from "vitest";
import { writeStoredUser, readStoredUser } from "../../app/session/session-storage";
import { leaveOnAuthenticationError } from "./authentication-error";
import {
  attestationRecordOf,
  fetchReferenceValues,
  saveAttestationOutcome,
} from "./create-web-api";

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

describe("reference values", () => {
  it("reads the {referenceValues} answer of the api", async () => {
    const fetchStub = vi.fn(
      async () => new Response(JSON.stringify({ referenceValues: { kernel_image: "ab12" } })),
    );
    await expect(fetchReferenceValues("https://api.test", fetchStub)).resolves.toEqual({
      kernel_image: "ab12",
    });
    expect(fetchStub).toHaveBeenCalledWith(
      "https://api.test/attestation/reference-values",
      expect.anything(),
    );
  });

  it("fails on a non-OK answer, so the next handshake asks again", async () => {
    await expect(
      fetchReferenceValues("https://api.test", async () => new Response("", { status: 503 })),
    ).rejects.toThrow("503");
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
