import { ApiError } from "@paraphe/api-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, parseTrustedProxies } from "../config";
import { normalizeIp, resolveClientIp, trustedProxyMatcher } from "./client-info";
import {
  createIdentityHarness,
  randomIp,
  uniqueEmail,
  type IdentityHarness,
} from "../test/identity";

describe("TRUSTED_PROXIES", () => {
  it("reads IP addresses and CIDR ranges, IPv4 and IPv6, and is empty when unset", () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ TRUSTED_PROXIES: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8" }).trustedProxies,
    ).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]);
  });

  it("refuses an entry that is neither an address nor a range, naming the variable", () => {
    for (const value of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/2", "::1/129", "10.0.0.1,"]) {
      expect(parseTrustedProxies(value), value).toBeUndefined();
      expect(() => loadConfig({ TRUSTED_PROXIES: value }), value).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

describe("the client's address", () => {
  const trusted = trustedProxyMatcher(["10.0.0.0/8", "::1"]);

  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const none = trustedProxyMatcher([]);
    expect(resolveClientIp("203.0.113.5", "198.51.100.1", none)).toBe("203.0.113.5");
    expect(resolveClientIp("127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
  });

  it("is the socket's address when the socket is not a trusted proxy", () => {
    expect(resolveClientIp("203.0.113.5", "198.51.100.1", trusted)).toBe("203.0.113.5");
  });

  it("is the right-most untrusted address of X-Forwarded-For behind trusted proxies", () => {
    // The client wrote 6.6.6.6 itself; the first proxy appended the real address, then a second proxy.
    expect(resolveClientIp("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.3", trusted)).toBe(
      "198.51.100.7",
    );
    expect(resolveClientIp("::1", "2001:db8::1", trusted)).toBe("2001:db8::1");
    // IPv4 written as IPv6 by a dual-stack socket.
    expect(resolveClientIp("::ffff:10.0.0.2", "198.51.100.7", trusted)).toBe("198.51.100.7");
  });

  it("stops at the proxy that wrote an entry that is not an address, and at the left-most trusted hop", () => {
    expect(resolveClientIp("10.0.0.2", "198.51.100.7, not-an-ip", trusted)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", "10.0.0.9", trusted)).toBe("10.0.0.9");
    expect(resolveClientIp("10.0.0.2", undefined, trusted)).toBe("10.0.0.2");
    expect(resolveClientIp(null, "198.51.100.7", trusted)).toBeNull();
  });

  it("is written in one plain form", () => {
    expect(normalizeIp("[::1]")).toBe("::1");
    expect(normalizeIp("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normalizeIp("192.0.2.1:443")).toBeNull();
    expect(normalizeIp("")).toBeNull();
  });
});

describe("without TRUSTED_PROXIES", () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    // The harness's calls arrive from 127.0.0.1 with a forged X-Forwarded-For; nothing is trusted.
    h = await createIdentityHarness("pglite", {}, { TRUSTED_PROXIES: "" });
  });
  afterAll(async () => {
    await h.destroy();
  });

  it("ignores X-Forwarded-For: a client forging it is limited and recorded by its socket's address", async () => {
    const person = await h.login(uniqueEmail("forged"), { ip: "198.51.100.9" });
    const session = await h.database.connection.db
      .selectFrom("userSession")
      .select("ipAddress")
      .where("accessKey", "=", person.credential.accessKey)
      .executeTakeFirstOrThrow();
    expect(session.ipAddress).toBe("127.0.0.1");

    for (let i = 0; i < 19; i++) {
      await h
        .client({ ip: randomIp() })
        .authentication.requestCode({ email: uniqueEmail("forged") });
    }
    const refused = await h
      .client({ ip: randomIp() })
      .authentication.requestCode({ email: uniqueEmail("forged") })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).statusCode).toBe(429);
    expect((refused as ApiError).code).toBe("RATE_LIMITED");
  });
});
