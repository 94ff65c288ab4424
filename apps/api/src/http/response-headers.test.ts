import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TunnelClient } from "@paraphe/tunnel-client";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/databases";
import { createTestTunnelClient, fetchFromApp } from "../test/tunnel";
import type { AppEnv } from "./context";
import { API_SECURITY_HEADERS, responseHeaders } from "./response-headers";

const WEB = "https://app.example.com";
const EVIL = "https://evil.example";
const EXPOSED = "X-Request-Id,X-Session-Id";
const CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

function expectCors(response: Response, origin: string | null): void {
  expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  expect(response.headers.get("access-control-allow-credentials")).toBe("true");
  expect(response.headers.get("access-control-expose-headers")).toBe(EXPOSED);
}

function expectSecurityHeaders(response: { headers: Headers }): void {
  for (const [name, value] of API_SECURITY_HEADERS) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

describe("the response headers middleware", () => {
  let routeRuns = 0;
  const app = new Hono<AppEnv>();
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(
    responseHeaders({
      cors: {
        origins: [WEB],
        allowMethods: ["GET", "POST"],
        allowHeaders: ["Content-Type", "Signature"],
        exposeHeaders: ["X-Request-Id", "X-Session-Id"],
        maxAgeSeconds: 600,
      },
      security: API_SECURITY_HEADERS,
      requestIdHeader: "X-Request-Id",
    }),
  );
  app.get("/json", (c) => {
    routeRuns += 1;
    c.header("Vary", "Accept");
    return c.json({ ok: true });
  });
  app.get("/page", (c) => {
    c.header("Content-Security-Policy", "default-src 'self'");
    c.header("X-Powered-By", "something");
    return c.html("<p>page</p>");
  });
  app.get("/redirect", () => Response.redirect("https://example.com/elsewhere", 302));
  app.get("/raw", () => new Response("raw", { headers: { "Content-Type": "text/plain" } }));

  it("answers a preflight itself with the CORS policy, the request id and no route run", async () => {
    const before = routeRuns;
    const response = await app.request("/json", {
      method: "OPTIONS",
      headers: { Origin: WEB, "Access-Control-Request-Method": "GET", "X-Request-Id": "pre-1" },
    });
    expect(response.status).toBe(204);
    expect(routeRuns).toBe(before);
    expectCors(response, WEB);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET,POST");
    expect(response.headers.get("access-control-allow-headers")).toBe("Content-Type,Signature");
    expect(response.headers.get("access-control-max-age")).toBe("600");
    expect(response.headers.get("vary")).toBe("Origin, Access-Control-Request-Headers");
    expect(response.headers.get("x-request-id")).toBe("pre-1");
    expect(await response.text()).toBe("");
  });

  it("names no origin in a preflight from an origin it does not allow", async () => {
    const response = await app.request("/json", {
      method: "OPTIONS",
      headers: { Origin: EVIL, "Access-Control-Request-Method": "GET" },
    });
    expect(response.status).toBe(204);
    expectCors(response, null);
  });

  it("allows the listed origin only, and varies every answer on Origin after the route's own Vary", async () => {
    const allowed = await app.request("/json", { headers: { Origin: WEB } });
    expectCors(allowed, WEB);
    expect(allowed.headers.get("vary")).toBe("Accept, Origin");
    expect(await allowed.json()).toEqual({ ok: true });
    for (const headers of [{ Origin: EVIL }, {} as Record<string, string>]) {
      const refused = await app.request("/json", { headers });
      expectCors(refused, null);
      expect(refused.headers.get("vary")).toBe("Accept, Origin");
    }
  });

  it("sets the security headers and the request id on answers, 404 included", async () => {
    for (const path of ["/json", "/raw", "/missing"]) {
      const response = await app.request(path, { headers: { "X-Request-Id": "req-2" } });
      expectSecurityHeaders(response);
      expect(response.headers.get("x-request-id"), path).toBe("req-2");
    }
  });

  it("keeps a route's own Content-Security-Policy and removes X-Powered-By", async () => {
    const response = await app.request("/page");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(await response.text()).toBe("<p>page</p>");
  });

  it("answers a copy carrying the headers when the route's answer has headers that cannot change", async () => {
    const response = await app.request("/redirect", { headers: { Origin: WEB } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/elsewhere");
    expectCors(response, WEB);
    expectSecurityHeaders(response);
  });
});

describe("the api's answer headers", () => {
  let database: TestDatabase;
  let t: TestApp;
  let tunnelFrom: (origin: string) => TunnelClient;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    t = await createTestApp(
      database.connection.db,
      { CORS_ORIGINS: "https://tools.example.com" },
      { verifyRequestSignature: null },
    );
    t.app.post("/test/crash", () => {
      throw new Error("boom");
    });
    t.app.post("/test/redirect", () => Response.redirect("https://example.com/elsewhere", 303));
    const fetch = fetchFromApp(t.app);
    tunnelFrom = (origin) =>
      createTestTunnelClient((input, init) => {
        const headers = new Headers(init?.headers);
        headers.set("Origin", origin);
        return fetch(input, { ...init, headers });
      });
  });

  afterAll(async () => {
    await t.destroy();
    await database.destroy();
  });

  const plainErrors = (origin: string) => [
    t.app.request("/missing", { headers: { Origin: origin } }),
    t.app.request("/tunnel/session", { method: "PUT", headers: { Origin: origin } }),
    t.app.request("/test/crash", {
      method: "POST",
      body: "{}",
      headers: { Origin: origin, "Content-Type": "application/json" },
    }),
  ];

  it("names an allowed origin (CORS_ORIGINS included) on error answers, 404, 405 and refused plaintext calls", async () => {
    for (const origin of ["http://localhost:5173", "https://tools.example.com"]) {
      const [notFound, notAllowed, notSealed] = await Promise.all(plainErrors(origin));
      expect([notFound?.status, notAllowed?.status, notSealed?.status]).toEqual([404, 405, 401]);
      for (const response of [notFound, notAllowed, notSealed] as Response[]) {
        expect(response.headers.get("access-control-allow-origin")).toBe(origin);
        expect(response.headers.get("access-control-allow-credentials")).toBe("true");
        expect(response.headers.get("access-control-expose-headers")).toBe(
          "X-Request-Id,X-Session-Id,X-Encrypted-Response",
        );
        expect(response.headers.get("vary")).toBe("Origin");
        expect(response.headers.get("content-security-policy")).toBe(CSP);
        expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it("names no origin on error answers to another origin, and still sets the security headers", async () => {
    for (const response of await Promise.all(plainErrors(EVIL))) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.headers.get("vary")).toBe("Origin");
      expectSecurityHeaders(response);
    }
  });

  it("sends a sealed error answer with the CORS headers of an allowed origin and none for another", async () => {
    for (const [origin, allowed] of [
      ["http://localhost:5174", "http://localhost:5174"],
      [EVIL, null],
    ] as const) {
      const response = await tunnelFrom(origin).request("POST", "/test/crash", {
        body: new TextEncoder().encode("{}"),
      });
      expect(response.encrypted).toBe(true);
      expect(response.status).toBe(500);
      expect(response.headers.get("access-control-allow-origin")).toBe(allowed);
      expect(response.headers.get("access-control-expose-headers")).toBe(
        "X-Request-Id,X-Session-Id,X-Encrypted-Response",
      );
      expect(response.headers.get("vary")).toBe("Origin");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expectSecurityHeaders(response);
    }
  });

  it("seals an answer whose headers cannot change (a redirect) with its headers and the api's", async () => {
    const response = await tunnelFrom("http://localhost:5173").request("POST", "/test/redirect", {
      body: new TextEncoder().encode("{}"),
    });
    expect(response.encrypted).toBe(true);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://example.com/elsewhere");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expectSecurityHeaders(response);
  });
});
