import { describe, expect, it } from "vitest";
import { hmacSha256, importHmacKey } from "./hmac";
import {
  componentValue,
  createSignatureBase,
  normalizeFields,
  normalizeMethod,
  SignatureBaseError,
  type SignatureMessage,
} from "./signature-base";
import { decodeBase64, encodeBase64, type SfBareItem } from "./structured-fields";

function message(
  url: string,
  headers: Record<string, string> = {},
  method = "POST",
): SignatureMessage {
  return { method, url: new URL(url), fields: normalizeFields(headers) };
}

describe("RFC 9421 Appendix B.2.5 (HMAC-SHA256 over date, @authority, content-type)", () => {
  const request = message("http://example.com/foo?param=Value&Pet=dog", {
    Host: "example.com",
    Date: "Tue, 20 Apr 2021 02:07:55 GMT",
    "Content-Type": "application/json",
  });
  const params = new Map<string, SfBareItem>([
    ["created", 1618884473],
    ["keyid", "test-shared-secret"],
  ]);
  const base = createSignatureBase(request, ["date", "@authority", "content-type"], params);

  it("builds the RFC's signature base byte for byte", () => {
    expect(base).toBe(
      [
        '"date": Tue, 20 Apr 2021 02:07:55 GMT',
        '"@authority": example.com',
        '"content-type": application/json',
        '"@signature-params": ("date" "@authority" "content-type");created=1618884473;keyid="test-shared-secret"',
      ].join("\n"),
    );
  });

  it("gives the RFC's signature with its shared secret", async () => {
    const secret = decodeBase64(
      "uzvJfB4u3N0Jy4T7NZ75MDVcr8zSTInedJtkgcu46YW4XByzNJjxBdtjUkdJPBtbmHhIDi6pcl8jsasjlTMtDQ==",
    );
    const key = await importHmacKey(secret as Uint8Array, "sign");
    const mac = await hmacSha256(key, new TextEncoder().encode(base));
    expect(encodeBase64(mac)).toBe("pxcQw6G3AjtMBQjwo8XzkZf/bws5LelbaMk5rGIGtE8=");
  });
});

describe("componentValue", () => {
  it("derives the request components of RFC 9421 §2.2", () => {
    const m = message("HTTPS://API.Example.COM:443/envelope/sign?b=1&a=2");
    expect(componentValue(m, "@method")).toBe("POST");
    expect(componentValue(m, "@authority")).toBe("api.example.com");
    expect(componentValue(m, "@scheme")).toBe("https");
    expect(componentValue(m, "@path")).toBe("/envelope/sign");
    expect(componentValue(m, "@query")).toBe("?b=1&a=2");
    expect(componentValue(m, "@request-target")).toBe("/envelope/sign?b=1&a=2");
    expect(componentValue(m, "@target-uri")).toBe("https://api.example.com/envelope/sign?b=1&a=2");
  });

  it("keeps a non-default port in the authority and gives '?' for an absent query", () => {
    const m = message("http://localhost:3000/user/profile");
    expect(componentValue(m, "@authority")).toBe("localhost:3000");
    expect(componentValue(m, "@query")).toBe("?");
  });

  it("reads fields case-insensitively, trimmed, several values joined with ', '", () => {
    const m: SignatureMessage = {
      method: "POST",
      url: new URL("http://x/"),
      fields: normalizeFields({ "X-List": ["  a ", "b\t"], "x-LIST": "c" }),
    };
    expect(componentValue(m, "x-list")).toBe("a, b, c");
  });

  it("reads a Headers object", () => {
    const m: SignatureMessage = {
      method: "POST",
      url: new URL("http://x/"),
      fields: normalizeFields(new Headers({ "Content-Type": "application/octet-stream" })),
    };
    expect(componentValue(m, "content-type")).toBe("application/octet-stream");
  });

  it("fails for an absent header and for components it does not support", () => {
    const m = message("http://x/");
    expect(() => componentValue(m, "content-type")).toThrow(SignatureBaseError);
    expect(() => componentValue(m, "@status")).toThrow(/unsupported/);
    expect(() => componentValue(m, "Content-Type")).toThrow(/unsupported/);
  });
});

describe("createSignatureBase", () => {
  it("refuses a component covered twice", () => {
    expect(() => createSignatureBase(message("http://x/"), ["@path", "@path"], new Map())).toThrow(
      /covered twice/,
    );
  });
});

describe("normalizeMethod", () => {
  it("upper-cases the methods fetch normalises and keeps others as they are", () => {
    expect(normalizeMethod("post")).toBe("POST");
    expect(normalizeMethod("Delete")).toBe("DELETE");
    expect(normalizeMethod("patch")).toBe("patch");
  });
});
