import { describe, expect, it, vi } from "vitest";
import { parseReferenceValues, referenceValuesFromServer } from "./reference-values";

const SHA256 = "ab".repeat(32);
const LAUNCH = "cd".repeat(48);

describe("parseReferenceValues", () => {
  it("accepts component names to SHA-256 or launch digests, in lowercase", () => {
    expect(
      parseReferenceValues({ container_bundle: SHA256.toUpperCase(), stage0: LAUNCH }),
    ).toEqual({ container_bundle: SHA256, stage0: LAUNCH });
    expect(parseReferenceValues({})).toEqual({});
  });

  it("refuses anything else, naming the problem", () => {
    expect(() => parseReferenceValues(null)).toThrow(TypeError);
    expect(() => parseReferenceValues([SHA256])).toThrow(TypeError);
    expect(() => parseReferenceValues({ "container-bundle": SHA256 })).toThrow(
      /component name.*container-bundle/,
    );
    expect(() => parseReferenceValues({ container_bundle: "ab12" })).toThrow(
      /container_bundle is not a hexadecimal digest/,
    );
    expect(() => parseReferenceValues({ container_bundle: 42 })).toThrow(TypeError);
  });
});

describe("referenceValuesFromServer (development only)", () => {
  it("reads the {referenceValues} answer of the api", async () => {
    const fetchStub = vi.fn(
      async () => new Response(JSON.stringify({ referenceValues: { container_bundle: SHA256 } })),
    );
    const load = referenceValuesFromServer("https://api.test/", { fetch: fetchStub });
    await expect(load()).resolves.toEqual({ container_bundle: SHA256 });
    expect(fetchStub).toHaveBeenCalledWith(
      "https://api.test/attestation/reference-values",
      expect.anything(),
    );
  });

  it("fails on a non-OK answer or malformed values", async () => {
    await expect(
      referenceValuesFromServer("https://api.test", {
        fetch: async () => new Response("", { status: 503 }),
      })(),
    ).rejects.toThrow("503");
    await expect(
      referenceValuesFromServer("https://api.test", {
        fetch: async () => Response.json({ referenceValues: { container_bundle: "ab12" } }),
      })(),
    ).rejects.toThrow(TypeError);
  });
});
