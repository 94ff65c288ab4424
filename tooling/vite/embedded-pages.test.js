import { describe, expect, it, vi } from "vitest";
import { embeddedPagesMiddleware, frameAncestorsOfPage } from "./embedded-pages.js";
import { securityHeaders } from "./security-headers.js";

const UUID = "0b7c3f5e-1d2a-4c6b-9e8f-1a2b3c4d5e6f";
const TOKEN = "A".repeat(32);

function answering(body, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe("an embedded page's allowed origins", () => {
  it("are asked of the api for an envelope's or a direct link's page", async () => {
    const fetch = answering({ origins: ["https://app.example"] });
    await expect(
      frameAncestorsOfPage({ apiUrl: "https://api.example/", path: `/embed/sign/${UUID}`, fetch }),
    ).resolves.toEqual(["https://app.example"]);
    expect(fetch).toHaveBeenCalledWith(
      `https://api.example/public/frame-ancestors/sign/${UUID}`,
      expect.anything(),
    );
    await frameAncestorsOfPage({ apiUrl: "https://api.example", path: `/embed/d/${TOKEN}`, fetch });
    expect(fetch).toHaveBeenLastCalledWith(
      `https://api.example/public/frame-ancestors/d/${TOKEN}`,
      expect.anything(),
    );
  });

  it("are asked of the api for the web app's embedded editor, by the token's access key", async () => {
    const fetch = answering({ origins: ["https://app.example"] });
    const accessKey = `pet_${TOKEN}`;
    await expect(
      frameAncestorsOfPage({
        apiUrl: "https://api.example",
        path: `/embed/edit/${accessKey}`,
        fetch,
      }),
    ).resolves.toEqual(["https://app.example"]);
    expect(fetch).toHaveBeenLastCalledWith(
      `https://api.example/public/frame-ancestors/edit/${accessKey}`,
      expect.anything(),
    );
    await expect(
      frameAncestorsOfPage({ apiUrl: "https://api.example", path: `/embed/edit/${TOKEN}`, fetch }),
    ).resolves.toEqual([]);
  });

  it("are none for another path, a failed call or an answer that is not a list", async () => {
    const fetch = answering({ origins: ["https://app.example"] });
    for (const path of ["/embed/sign/x", "/embed/d/short", "/sign/" + UUID, "/embed/../x"]) {
      await expect(frameAncestorsOfPage({ apiUrl: "http://api", path, fetch })).resolves.toEqual(
        [],
      );
    }
    expect(fetch).not.toHaveBeenCalled();
    const path = `/embed/sign/${UUID}`;
    const apiUrl = "http://api";
    await expect(
      frameAncestorsOfPage({ apiUrl, path, fetch: answering({ error: 1 }, 500) }),
    ).resolves.toEqual([]);
    await expect(
      frameAncestorsOfPage({ apiUrl, path, fetch: answering({ origins: "*" }) }),
    ).resolves.toEqual([]);
    const failing = vi.fn(async () => {
      throw new Error("down");
    });
    await expect(frameAncestorsOfPage({ apiUrl, path, fetch: failing })).resolves.toEqual([]);
  });
});

describe("the embedded pages' headers", () => {
  it("name the allowed origins in frame-ancestors and drop X-Frame-Options only then", () => {
    const framed = securityHeaders({
      frameAncestors: ["https://app.example", "https://b.example:8443", "https://*.evil", "*"],
    });
    expect(framed["Content-Security-Policy"]).toContain(
      "frame-ancestors https://app.example https://b.example:8443;",
    );
    expect(framed["X-Frame-Options"]).toBeUndefined();
    const none = securityHeaders({ frameAncestors: ["'self'", "https://x.example; script-src *"] });
    expect(none["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(none["X-Frame-Options"]).toBe("DENY");
  });

  it("are what the preview middleware answers the page's HTML with", async () => {
    const middleware = embeddedPagesMiddleware({
      apiUrl: "http://api",
      indexHtml: async () => "<html></html>",
      headersFor: (origins) => securityHeaders({ frameAncestors: origins }),
      fetch: answering({ origins: ["https://app.example"] }),
    });
    const headers = new Map([["X-Frame-Options", "DENY"]]);
    const ended = Promise.withResolvers();
    const response = {
      statusCode: 0,
      setHeader: (name, value) => headers.set(name, value),
      removeHeader: (name) => headers.delete(name),
      end: (body) => ended.resolve(body),
    };
    const next = vi.fn();
    middleware({ url: `/embed/sign/${UUID}#x`, method: "GET" }, response, next);
    await expect(ended.promise).resolves.toBe("<html></html>");
    expect(headers.get("Content-Security-Policy")).toContain(
      "frame-ancestors https://app.example;",
    );
    expect(headers.has("X-Frame-Options")).toBe(false);
    expect(headers.get("Cache-Control")).toBe("no-store");
    middleware({ url: "/sign/x", method: "GET" }, response, next);
    expect(next).toHaveBeenCalledOnce();
  });
});
