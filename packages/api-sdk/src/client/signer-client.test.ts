import { describe, expect, it } from "vitest";
import { endpoints } from "../contract/endpoints";
import { signerEndpoints } from "../contract/signer-endpoints";
import { credentialKindForPath } from "../signing/credential-kind";
import { verifyTestEvidence } from "@paraphe/tunnel-client/testing";
import { createSignerApiClient } from "./signer-client";

describe("the signer's client", () => {
  it("has the contract's own endpoints for a link's calls, each signed with the app credential", () => {
    const table: Record<string, Record<string, unknown>> = endpoints;
    for (const [group, members] of Object.entries(signerEndpoints)) {
      for (const [name, endpoint] of Object.entries(members)) {
        expect(table[group]?.[name], `${group}.${name}`).toBe(endpoint);
        expect(credentialKindForPath(endpoint.path), endpoint.path).toBe("app");
      }
    }
  });

  it("offers a method per signer endpoint and no other", () => {
    const api = createSignerApiClient({
      baseUrl: "https://api.test",
      verifyEvidence: verifyTestEvidence,
    });
    expect(Object.keys(api.envelope).sort()).toEqual(Object.keys(signerEndpoints.envelope).sort());
    expect(Object.keys(api.directLink).sort()).toEqual(
      Object.keys(signerEndpoints.directLink).sort(),
    );
    expect("user" in api).toBe(false);
  });
});
