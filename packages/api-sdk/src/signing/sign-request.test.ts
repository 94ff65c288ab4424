import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSignatureBase, normalizeFields } from "./signature-base";
import { signRequest, toUnixSeconds, type SignRequestInput } from "./sign-request";
import { parseDictionary, type SfInnerList } from "./structured-fields";

const request: SignRequestInput = {
  method: "POST",
  url: "https://api.paraphe.example/envelope/list-requests",
  headers: { "Content-Type": "application/json" },
  body: new TextEncoder().encode("{}"),
  credential: { accessKey: "AKTEST0001", secretKey: "s3cr3t-session-key" },
  now: 1_700_000_000_123,
  nonce: "bm9uY2Utbm9uY2Utbm9uY2U",
};

const EXPECTED_PARAMS =
  '("@method" "@authority" "@path" "@query" "content-type" "content-digest" "content-length" "x-timestamp")' +
  ';created=1700000000;keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"';

const EXPECTED_BASE = [
  '"@method": POST',
  '"@authority": api.paraphe.example',
  '"@path": /envelope/list-requests',
  '"@query": ?',
  '"content-type": application/json',
  '"content-digest": sha-256=:RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=:',
  '"content-length": 2',
  '"x-timestamp": 1700000000',
  `"@signature-params": ${EXPECTED_PARAMS}`,
].join("\n");

describe("signRequest", () => {
  it("returns the spec's headers for a fixed request", async () => {
    const headers = await signRequest(request);
    expect(headers).toEqual({
      "Content-Type": "application/json",
      "Content-Digest": "sha-256=:RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=:",
      Digest: "SHA-256=RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=",
      "X-Timestamp": "1700000000",
      "Signature-Input": `sig1=${EXPECTED_PARAMS}`,
      Signature: expect.stringMatching(/^sig1=:[A-Za-z0-9+/]{43}=:$/),
    });
  });

  it("signs exactly the RFC 9421 signature base of the request (checked with node:crypto)", async () => {
    const headers = await signRequest(request);
    // The base as a verifier rebuilds it from the headers that travel.
    const parsed = parseDictionary(headers["Signature-Input"]).get("sig1") as SfInnerList;
    const base = createSignatureBase(
      {
        method: "POST",
        url: new URL(request.url),
        fields: normalizeFields({ ...headers, "Content-Length": "2" }),
      },
      parsed.items.map((item) => item.value as string),
      parsed.params,
    );
    expect(base).toBe(EXPECTED_BASE);
    const mac = createHmac("sha256", "s3cr3t-session-key").update(EXPECTED_BASE).digest("base64");
    expect(headers.Signature).toBe(`sig1=:${mac}:`);
  });

  it("signs with the credential's current secret when the same credential object is reused", async () => {
    const macOf = (secret: string) =>
      `sig1=:${createHmac("sha256", secret).update(EXPECTED_BASE).digest("base64")}:`;
    const credential: { accessKey: string; secretKey: string } = {
      accessKey: "AKTEST0001",
      secretKey: "first-secret",
    };
    // The imported HMAC key is kept per credential object; a changed secret is imported again.
    expect((await signRequest({ ...request, credential })).Signature).toBe(macOf("first-secret"));
    expect((await signRequest({ ...request, credential })).Signature).toBe(macOf("first-secret"));
    credential.secretKey = "second-secret";
    expect((await signRequest({ ...request, credential })).Signature).toBe(macOf("second-secret"));
  });

  it("covers the query, the method as fetch sends it and a non-default port", async () => {
    const headers = await signRequest({
      ...request,
      method: "post",
      url: "http://LOCALHOST:3000/template/list?page=2",
      headers: new Headers({ "content-type": "application/octet-stream" }),
    });
    const params = headers["Signature-Input"].slice("sig1=".length);
    const base = [
      '"@method": POST',
      '"@authority": localhost:3000',
      '"@path": /template/list',
      '"@query": ?page=2',
      '"content-type": application/octet-stream',
      '"content-digest": sha-256=:RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=:',
      '"content-length": 2',
      '"x-timestamp": 1700000000',
      `"@signature-params": ${params}`,
    ].join("\n");
    const mac = createHmac("sha256", "s3cr3t-session-key").update(base).digest("base64");
    expect(headers.Signature).toBe(`sig1=:${mac}:`);
  });

  it("uses the clock and a fresh random nonce by default", async () => {
    const { now: _now, nonce: _nonce, ...rest } = request;
    const before = Math.floor(Date.now() / 1000);
    const first = await signRequest(rest);
    const second = await signRequest(rest);
    const created = Number(first["X-Timestamp"]);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const nonceOf = (input: string): string => /;nonce="([^"]+)"/.exec(input)?.[1] ?? "";
    expect(nonceOf(first["Signature-Input"])).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(nonceOf(first["Signature-Input"])).not.toBe(nonceOf(second["Signature-Input"]));
  });

  it("refuses a clock beyond RFC 8941's integer range", async () => {
    await expect(signRequest({ ...request, now: 1_000_000_000_000_000_000 })).rejects.toThrow(
      RangeError,
    );
    await expect(signRequest({ ...request, now: -1 })).rejects.toThrow(RangeError);
    expect(toUnixSeconds(999_999_999_999_999_000)).toBe(999_999_999_999_999);
  });

  it("refuses a request without Content-Type, or whose Content-Length is not the body's", async () => {
    await expect(signRequest({ ...request, headers: {} })).rejects.toThrow(/Content-Type/);
    await expect(
      signRequest({
        ...request,
        headers: { "Content-Type": "application/json", "Content-Length": "3" },
      }),
    ).rejects.toThrow(/Content-Length/);
  });

  it("refuses an unusable credential or nonce", async () => {
    await expect(signRequest({ ...request, nonce: "short" })).rejects.toThrow(/nonce/);
    await expect(signRequest({ ...request, nonce: 'x"'.repeat(10) })).rejects.toThrow(/nonce/);
    await expect(
      signRequest({ ...request, credential: { accessKey: "AK", secretKey: "" } }),
    ).rejects.toThrow(/secret/);
    await expect(
      signRequest({ ...request, credential: { accessKey: "", secretKey: "s" } }),
    ).rejects.toThrow(/access key/);
    await expect(
      signRequest({ ...request, credential: { accessKey: "clé", secretKey: "s" } }),
    ).rejects.toThrow(TypeError);
  });
});
