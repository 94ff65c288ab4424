import { describe, expect, it } from "vitest";
import { ConfigError, describeConfig, hasQesProvider, loadConfig } from "../config";
import { providerFetch } from "../documents/provider-fetch";
import { CscClient } from "./csc-client";
import { qesProviderFromConfig } from "./qes-provider";

const PROVIDER = {
  CSC_BASE_URL: "https://rssp.example.com/csc/v2/",
  CSC_CLIENT_ID: "paraphe",
  CSC_CLIENT_SECRET: "s3cr3t-value-9a7c",
};

function problemsOf(env: Record<string, string>): { variable: string; problem: string }[] {
  try {
    loadConfig(env, { cwd: "/srv/paraphe" });
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe("the qualified signature provider's configuration", () => {
  it("is unset by default: QES is unavailable, and the start log says so", () => {
    const config = loadConfig({}, { cwd: "/srv/paraphe" });
    expect(hasQesProvider(config)).toBe(false);
    expect(qesProviderFromConfig(config, providerFetch())).toBeUndefined();
    expect(describeConfig(config)["CSC_BASE_URL"]).toBe(
      "(unset: qualified signatures are unavailable)",
    );
  });

  it("gives a client when the three variables are set, and never prints the secret", () => {
    const config = loadConfig(PROVIDER, { cwd: "/srv/paraphe" });
    expect(hasQesProvider(config)).toBe(true);
    const client = qesProviderFromConfig(config, providerFetch());
    expect(client).toBeInstanceOf(CscClient);
    expect(client?.baseUrl).toBe("https://rssp.example.com/csc/v2");
    const shown = describeConfig(config);
    expect(shown["CSC_CLIENT_SECRET"]).toBe("(set, not shown)");
    expect(shown["CSC_BASE_URL"]).toBe("https://rssp.example.com/csc/v2");
    expect(JSON.stringify(shown)).not.toContain(PROVIDER.CSC_CLIENT_SECRET);
    expect(JSON.stringify(client)).not.toContain(PROVIDER.CSC_CLIENT_SECRET);
  });

  it("is configured whole or not at all, at an address of the CSC API without credentials", () => {
    expect(problemsOf({ CSC_BASE_URL: PROVIDER.CSC_BASE_URL })).toEqual([
      expect.objectContaining({ variable: "CSC_CLIENT_ID" }),
      expect.objectContaining({ variable: "CSC_CLIENT_SECRET" }),
    ]);
    expect(problemsOf({ ...PROVIDER, CSC_BASE_URL: "https://rssp.example.com/api" })).toEqual([
      expect.objectContaining({
        variable: "CSC_BASE_URL",
        problem: expect.stringContaining("/csc/v2"),
      }),
    ]);
    expect(
      problemsOf({ ...PROVIDER, CSC_BASE_URL: "https://user:pw@rssp.example.com/csc/v2" }),
    ).toEqual([expect.objectContaining({ variable: "CSC_BASE_URL" })]);
    expect(problemsOf({ ...PROVIDER, CSC_CLIENT_ID: "two words" })).toEqual([
      expect.objectContaining({ variable: "CSC_CLIENT_ID" }),
    ]);
  });
});
