import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { computeContentDigest } from "./content-digest";
import { webCryptoPrimitives, type SignaturePrimitives } from "./hmac";
import { createMemoryNonceStore } from "./nonce-store";
import { createSignatureBase, normalizeFields } from "./signature-base";
import { signRequest } from "./sign-request";
import { encodeBase64, type SfBareItem } from "./structured-fields";
import { verifyRequestSignature, type NonceStore, type VerifyRequestInput } from "./verify-request";

const NOW = 1_700_000_000_000;
const URL_ = "https://api.paraphe.example/envelope/list-requests";
const SECRETS = new Map([["AKTEST0001", "s3cr3t-session-key"]]);
const lookupSecret = async (accessKey: string): Promise<string | null> =>
  SECRETS.get(accessKey) ?? null;
const BODY = new TextEncoder().encode('{"filter":{"status":"pending"}}');

/** A request signed by signRequest, as the server receives it (the transport adds Content-Length). */
async function signed(nonce = "bm9uY2Utbm9uY2Utbm9uY2U"): Promise<{
  headers: Record<string, string>;
  body: Uint8Array;
}> {
  const headers = await signRequest({
    method: "POST",
    url: URL_,
    headers: { "Content-Type": "application/octet-stream" },
    body: BODY,
    credential: { accessKey: "AKTEST0001", secretKey: "s3cr3t-session-key" },
    now: NOW,
    nonce,
  });
  return { headers: { ...headers, "Content-Length": String(BODY.length) }, body: BODY };
}

async function verifyWith(overrides: Partial<VerifyRequestInput> = {}, nonceStore?: NonceStore) {
  const { headers, body } = await signed();
  return verifyRequestSignature({
    method: "POST",
    url: URL_,
    headers,
    body,
    lookupSecret,
    nonceStore: nonceStore ?? createMemoryNonceStore({ now: () => NOW }),
    now: NOW,
    ...overrides,
  });
}

async function headersWith(
  change: (headers: Record<string, string>) => void,
): Promise<Record<string, string>> {
  const { headers } = await signed();
  change(headers);
  return headers;
}

/**
 * A request with a valid MAC over chosen components and parameters: it proves that a refusal
 * comes from the verifier's policy, not from a broken MAC.
 */
async function crafted(
  components: string[],
  params: [string, SfBareItem][],
): Promise<Record<string, string>> {
  const created = NOW / 1000;
  const headers: Record<string, string> = {
    "Content-Type": "application/octet-stream",
    "Content-Length": String(BODY.length),
    "Content-Digest": await computeContentDigest(BODY),
    "X-Timestamp": String(created),
  };
  const paramMap = new Map<string, SfBareItem>(params);
  const base = createSignatureBase(
    { method: "POST", url: new URL(URL_), fields: normalizeFields(headers) },
    components,
    paramMap,
  );
  const mac = createHmac("sha256", "s3cr3t-session-key").update(base).digest();
  const list = `(${components.map((c) => `"${c}"`).join(" ")})`;
  const serialized = params
    .map(([k, v]) => `;${k}=${typeof v === "string" ? `"${v}"` : String(v)}`)
    .join("");
  headers["Signature-Input"] = `sig1=${list}${serialized}`;
  headers.Signature = `sig1=:${encodeBase64(mac)}:`;
  return headers;
}

const ALL = [
  "@method",
  "@authority",
  "@path",
  "@query",
  "content-type",
  "content-digest",
  "content-length",
  "x-timestamp",
];
const GOOD_PARAMS: [string, SfBareItem][] = [
  ["created", NOW / 1000],
  ["keyid", "AKTEST0001"],
  ["alg", "hmac-sha256"],
  ["nonce", "bm9uY2Utbm9uY2Utbm9uY2U"],
];

describe("verifyRequestSignature: round trip", () => {
  it("accepts a request signed by signRequest and names its access key", async () => {
    expect(await verifyWith()).toEqual({ ok: true, accessKey: "AKTEST0001" });
  });

  it("accepts the same request given as a Headers object", async () => {
    const { headers, body } = await signed();
    const result = await verifyRequestSignature({
      method: "POST",
      url: URL_,
      headers: new Headers(headers),
      body,
      lookupSecret,
      nonceStore: createMemoryNonceStore(),
      now: NOW,
    });
    expect(result.ok).toBe(true);
  });

  it("accepts its own crafted request (the helper the policy tests rely on is sound)", async () => {
    expect(await verifyWith({ headers: await crafted(ALL, GOOD_PARAMS) })).toMatchObject({
      ok: true,
    });
  });

  it("accepts the creation time at the edges of the skew window", async () => {
    expect(await verifyWith({ now: NOW + 300_999 })).toMatchObject({ ok: true });
    expect(await verifyWith({ now: NOW - 300_000 })).toMatchObject({ ok: true });
    expect(await verifyWith({ now: NOW + 60_000, maxSkewSeconds: 60 })).toMatchObject({ ok: true });
  });

  it("accepts a request sent by fetch and read by a Node http server", async () => {
    let received: { req: IncomingMessage; body: Uint8Array } | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received = { req, body: new Uint8Array(Buffer.concat(chunks)) };
        res.end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/user/profile?fields=email`;
      const headers = await signRequest({
        method: "POST",
        url,
        headers: { "Content-Type": "application/octet-stream" },
        body: BODY,
        credential: { accessKey: "AKTEST0001", secretKey: "s3cr3t-session-key" },
      });
      await fetch(url, { method: "POST", headers, body: BODY });
      if (!received) throw new Error("the server received nothing");
      const result = await verifyRequestSignature({
        method: received.req.method ?? "",
        url: `http://${received.req.headers.host ?? ""}${received.req.url ?? ""}`,
        headers: received.req.headers,
        body: received.body,
        lookupSecret,
        nonceStore: createMemoryNonceStore(),
      });
      expect(result).toEqual({ ok: true, accessKey: "AKTEST0001" });
    } finally {
      server.close();
    }
  });
});

describe("verifyRequestSignature: refusals", () => {
  it("DIGEST_MISMATCH for a body with one bit flipped", async () => {
    const body = BODY.slice();
    body[5] = (body[5] as number) ^ 0x01;
    expect(await verifyWith({ body })).toMatchObject({ ok: false, code: "DIGEST_MISMATCH" });
  });

  it("BAD_SIGNATURE for a changed body whose Content-Digest was recomputed", async () => {
    const body = BODY.slice();
    body[5] = (body[5] as number) ^ 0x01;
    const digest = await computeContentDigest(body);
    const headers = await headersWith((h) => {
      h["Content-Digest"] = digest;
      delete h.Digest;
    });
    expect(await verifyWith({ headers, body })).toMatchObject({ ok: false, code: "BAD_SIGNATURE" });
  });

  it("DIGEST_MISMATCH when only the legacy Digest header disagrees", async () => {
    const headers = await headersWith((h) => {
      h.Digest = "SHA-256=RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=";
    });
    expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "DIGEST_MISMATCH" });
  });

  it("MALFORMED_DIGEST for a Content-Digest without a sha-256 byte sequence", async () => {
    const headers = await headersWith((h) => {
      h["Content-Digest"] = "sha-256=abc";
    });
    expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "MALFORMED_DIGEST" });
  });

  it("LENGTH_MISMATCH for a wrong Content-Length or a truncated body", async () => {
    const headers = await headersWith((h) => {
      h["Content-Length"] = String(BODY.length + 1);
    });
    expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "LENGTH_MISMATCH" });
    expect(await verifyWith({ body: BODY.slice(0, -1) })).toMatchObject({
      ok: false,
      code: "LENGTH_MISMATCH",
    });
  });

  it("BAD_SIGNATURE on another path, another query, another method or another authority", async () => {
    for (const overrides of [
      { url: "https://api.paraphe.example/envelope/sign" },
      { url: `${URL_}?all=1` },
      { method: "PUT" },
      { url: "https://api.paraphe.example:8443/envelope/list-requests" },
      { url: "https://evil.example/envelope/list-requests" },
    ]) {
      expect(await verifyWith(overrides)).toMatchObject({ ok: false, code: "BAD_SIGNATURE" });
    }
  });

  it("BAD_SIGNATURE for a changed Content-Type or a secret that is not the key's", async () => {
    const headers = await headersWith((h) => {
      h["Content-Type"] = "application/json";
    });
    expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "BAD_SIGNATURE" });
    expect(await verifyWith({ lookupSecret: async () => "another-secret" })).toMatchObject({
      ok: false,
      code: "BAD_SIGNATURE",
    });
  });

  it("STALE_TIMESTAMP past the skew window, CLOCK_SKEW before it", async () => {
    expect(await verifyWith({ now: NOW + 301_000 })).toMatchObject({
      ok: false,
      code: "STALE_TIMESTAMP",
    });
    expect(await verifyWith({ now: NOW - 301_000 })).toMatchObject({
      ok: false,
      code: "CLOCK_SKEW",
    });
    expect(await verifyWith({ now: NOW + 61_000, maxSkewSeconds: 60 })).toMatchObject({
      code: "STALE_TIMESTAMP",
    });
  });

  it("EXPIRED_SIGNATURE once the signature's own expires has passed", async () => {
    const headers = await crafted(ALL, [...GOOD_PARAMS, ["expires", NOW / 1000 + 10]]);
    expect(await verifyWith({ headers, now: NOW + 5_000 })).toMatchObject({ ok: true });
    expect(await verifyWith({ headers, now: NOW + 11_000 })).toMatchObject({
      ok: false,
      code: "EXPIRED_SIGNATURE",
    });
  });

  it("TIMESTAMP_MISMATCH when X-Timestamp is not the signature's created", async () => {
    const headers = await headersWith((h) => {
      h["X-Timestamp"] = String(NOW / 1000 + 1);
    });
    expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "TIMESTAMP_MISMATCH" });
  });

  it("REPLAYED_NONCE for the same request sent twice, but not for another key's same nonce", async () => {
    const store = createMemoryNonceStore({ now: () => NOW });
    expect(await verifyWith({}, store)).toMatchObject({ ok: true });
    expect(await verifyWith({}, store)).toMatchObject({ ok: false, code: "REPLAYED_NONCE" });
    expect(await store.seen("AKOTHER", "bm9uY2Utbm9uY2Utbm9uY2U", NOW / 1000 + 300)).toBe(false);
  });

  it("records the nonce only for an authentic request", async () => {
    const store = createMemoryNonceStore({ now: () => NOW });
    expect(await verifyWith({ method: "PUT" }, store)).toMatchObject({ code: "BAD_SIGNATURE" });
    expect(store.size).toBe(0);
    expect(await verifyWith({}, store)).toMatchObject({ ok: true });
  });

  it("remembers the nonce until the signature can no longer be accepted", async () => {
    const calls: [string, string, number][] = [];
    const store: NonceStore = {
      seen: async (keyId, nonce, expiresAt) => {
        calls.push([keyId, nonce, expiresAt]);
        return false;
      },
    };
    await verifyWith({ maxSkewSeconds: 120 }, store);
    expect(calls).toEqual([["AKTEST0001", "bm9uY2Utbm9uY2Utbm9uY2U", NOW / 1000 + 120]]);
  });

  it("UNKNOWN_KEY when no secret is known for the keyid", async () => {
    expect(await verifyWith({ lookupSecret: async () => null })).toMatchObject({
      ok: false,
      code: "UNKNOWN_KEY",
    });
  });

  it("MISSING_SIGNATURE without Signature or without Signature-Input", async () => {
    for (const name of ["Signature", "Signature-Input"]) {
      const headers = await headersWith((h) => {
        delete h[name];
      });
      expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "MISSING_SIGNATURE" });
    }
  });

  it("MISSING_COMPONENT when a covered header is absent", async () => {
    for (const name of ["Content-Type", "X-Timestamp", "Content-Length", "Content-Digest"]) {
      const headers = await headersWith((h) => {
        delete h[name];
      });
      expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "MISSING_COMPONENT" });
    }
  });

  it("MISSING_COMPONENT for a valid MAC that leaves a required component uncovered", async () => {
    for (const left of ["@path", "@query", "content-digest", "x-timestamp"]) {
      const headers = await crafted(
        ALL.filter((c) => c !== left),
        GOOD_PARAMS,
      );
      expect(await verifyWith({ headers })).toMatchObject({ ok: false, code: "MISSING_COMPONENT" });
    }
  });

  it("UNSUPPORTED_ALGORITHM for another alg", async () => {
    const params = GOOD_PARAMS.map(([k, v]): [string, SfBareItem] => [
      k,
      k === "alg" ? "hmac-sha512" : v,
    ]);
    expect(await verifyWith({ headers: await crafted(ALL, params) })).toMatchObject({
      ok: false,
      code: "UNSUPPORTED_ALGORITHM",
    });
  });

  it("MALFORMED_SIGNATURE_INPUT for a value that does not parse, another label or missing parameters", async () => {
    const values = [
      'sig1=("@method"',
      'sig1=("@method" @path)',
      `sig2=("@method");created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      'sig1=("@method");keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"',
      `sig1=("@method");created=${NOW / 1000};alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1=("@method");created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256"`,
      `sig1=("@method");created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="short"`,
      `sig1=("@method");created=${NOW / 1000};keyid="AKTEST0001";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1=("@method";sf);created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1=("@status");created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1=("@path" "@path");created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1=("@method");created=-1;keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
      `sig1="@method";created=${NOW / 1000};keyid="AKTEST0001";alg="hmac-sha256";nonce="bm9uY2Utbm9uY2Utbm9uY2U"`,
    ];
    for (const value of values) {
      const headers = await headersWith((h) => {
        h["Signature-Input"] = value;
      });
      expect(await verifyWith({ headers }), value).toMatchObject({
        ok: false,
        code: "MALFORMED_SIGNATURE_INPUT",
      });
    }
  });

  it("MALFORMED_SIGNATURE for a Signature that is not a byte sequence under sig1", async () => {
    for (const value of ["sig1=abc", "sig2=:AAAA:", "sig1=:AA AA:", "sig1"]) {
      const headers = await headersWith((h) => {
        h.Signature = value;
      });
      expect(await verifyWith({ headers }), value).toMatchObject({
        ok: false,
        code: "MALFORMED_SIGNATURE",
      });
    }
  });

  it("refuses integers beyond RFC 8941's range in created and in X-Timestamp", async () => {
    const outOfRange = "1000000000000000";
    const input = await headersWith((h) => {
      h["Signature-Input"] = (h["Signature-Input"] as string).replace(
        /created=\d+/,
        `created=${outOfRange}`,
      );
    });
    expect(await verifyWith({ headers: input })).toMatchObject({
      ok: false,
      code: "MALFORMED_SIGNATURE_INPUT",
      message: expect.stringMatching(/out of range/),
    });
    const timestamp = await headersWith((h) => {
      h["X-Timestamp"] = outOfRange;
    });
    expect(await verifyWith({ headers: timestamp })).toMatchObject({
      ok: false,
      code: "MALFORMED_TIMESTAMP",
    });
    const notInteger = await headersWith((h) => {
      h["X-Timestamp"] = "1700000000.5";
    });
    expect(await verifyWith({ headers: notInteger })).toMatchObject({
      ok: false,
      code: "MALFORMED_TIMESTAMP",
    });
  });

  it("lets lookupSecret and nonce-store failures propagate", async () => {
    const failure = new Error("database down");
    await expect(
      verifyWith({
        lookupSecret: async () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    await expect(
      verifyWith(
        {},
        {
          seen: async () => {
            throw failure;
          },
        },
      ),
    ).rejects.toBe(failure);
  });

  it("runs on the primitives it is given, and refuses with them as with WebCrypto", async () => {
    const calls: string[] = [];
    const nodePrimitives: SignaturePrimitives = {
      sha256(data) {
        calls.push("sha256");
        return createHash("sha256").update(data).digest();
      },
      verifyHmacSha256(secret, mac, data) {
        calls.push("hmac");
        const expected = createHmac("sha256", secret).update(data).digest();
        return mac.length === expected.length && timingSafeEqual(mac, expected);
      },
    };
    expect(await verifyWith({ primitives: nodePrimitives })).toEqual({
      ok: true,
      accessKey: "AKTEST0001",
    });
    // One digest serves Content-Digest and the legacy Digest.
    expect(calls).toEqual(["sha256", "hmac"]);

    const tampered = new Uint8Array(BODY);
    tampered[0] = 0x5b;
    expect(await verifyWith({ primitives: nodePrimitives, body: tampered })).toMatchObject({
      ok: false,
      code: "DIGEST_MISMATCH",
    });
    const wrongSecret = async () => "another-secret";
    expect(
      await verifyWith({ primitives: nodePrimitives, lookupSecret: wrongSecret }),
    ).toMatchObject({ ok: false, code: "BAD_SIGNATURE" });
    expect(
      await verifyWith({ primitives: webCryptoPrimitives, lookupSecret: wrongSecret }),
    ).toMatchObject({
      ok: false,
      code: "BAD_SIGNATURE",
    });
  });
});
