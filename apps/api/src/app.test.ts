import { errorCatalogue, errorResponseSchema, type ErrorResponse } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TunnelClient, TunnelResponse } from "@paraphe/tunnel-client";
import { sql } from "kysely";
import { z } from "zod";
import { validateJson } from "./http/validate";
import { createTestApp, type TestApp } from "./test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "./test/databases";
import { createTestTunnelClient, fetchFromApp } from "./test/tunnel";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function errorOf(response: Response): Promise<ErrorResponse> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return errorResponseSchema.parse(await response.json());
}

/** An answer that came back sealed through the tunnel, in the error shape. */
async function sealedErrorOf(response: TunnelResponse): Promise<ErrorResponse> {
  expect(response.encrypted).toBe(true);
  return errorResponseSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)("the api app on %s", (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  /** Routes other than the public ones take sealed requests: the tests reach them through the tunnel. */
  let tunnel: TunnelClient;
  const call = (path: string, body: string, headers: Record<string, string> = {}) =>
    tunnel.request("POST", path, { body: new TextEncoder().encode(body), headers });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Signatures are proven in the auth tests; these exercise validation and error handling.
    t = await createTestApp(database.connection.db, {}, { verifyRequestSignature: null });
    // Routes that exist only to exercise the shared validation and error handling.
    t.app.post(
      "/test/echo",
      validateJson(
        z.object({ email: z.email(), recipients: z.array(z.object({ name: z.string().min(1) })) }),
      ),
      (c) => c.json(c.req.valid("json")),
    );
    t.app.post("/test/text", validateJson(z.object({})), (c) => c.json({}));
    t.app.post("/test/crash", () => {
      throw new Error("connection to db-secret-host failed: password=hunter2");
    });
    // A real query that fails on its parameter: the driver's error quotes the value.
    t.app.post("/test/database-crash", async () => {
      await sql`SELECT email FROM app_user WHERE id = ${"ada.private@example.com"}::uuid`.execute(
        database.connection.db,
      );
      return new Response(null, { status: 204 });
    });
    tunnel = createTestTunnelClient(fetchFromApp(t.app));
  });

  afterAll(async () => {
    await t.destroy();
    await database.destroy();
  });

  it("answers /health with ok once the database is migrated", async () => {
    const response = await t.app.request("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers /health with 503 in the error shape before the database is migrated", async () => {
    t.setReady(false);
    try {
      const response = await t.app.request("/health");
      expect(response.status).toBe(503);
      const body = await errorOf(response);
      expect(body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(body.statusCode).toBe(503);
    } finally {
      t.setReady(true);
    }
  });

  it("answers /ready when the database, the file store and the job worker are, and 503 naming each part that is not", async () => {
    const ready = await t.app.request("/ready");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", fileStore: "ok", jobs: "ok" },
    });

    t.setJobsRunning(false);
    t.setReady(false);
    try {
      const response = await t.app.request("/ready");
      expect(response.status).toBe(503);
      const body = await errorOf(response);
      expect(body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(body.error.message).toBe(
        "Not ready: the database is not migrated yet; the job worker is not running.",
      );
      // Liveness is another question: the process answers.
      t.setReady(true);
      expect((await t.app.request("/health")).status).toBe(200);
      expect((await t.app.request("/ready")).status).toBe(503);
    } finally {
      t.setReady(true);
      t.setJobsRunning(true);
    }
    expect((await t.app.request("/ready")).status).toBe(200);
  });

  it("answers an unknown path with 404 NOT_FOUND in the spec's error shape", async () => {
    const before = Date.now();
    const response = await t.app.request("/nothing/here?token=abc");
    expect(response.status).toBe(404);
    const body = await errorOf(response);
    expect(body.statusCode).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.message).not.toBe("");
    expect(body.error.suggestion).toBe(errorCatalogue.NOT_FOUND.suggestion);
    expect(body.error.documentationUrl).toBe("http://localhost:3000/docs/errors#NOT_FOUND");
    expect(body.path).toBe("/nothing/here");
    expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.requestId).toMatch(UUID);
    expect(response.headers.get("x-request-id")).toBe(body.requestId);
  });

  it("echoes a sane incoming X-Request-Id in the header and the error body", async () => {
    const response = await t.app.request("/nothing", {
      headers: { "X-Request-Id": "client-req_42" },
    });
    expect(response.headers.get("x-request-id")).toBe("client-req_42");
    expect((await errorOf(response)).requestId).toBe("client-req_42");
  });

  it("replaces an unsafe or oversized X-Request-Id with a fresh UUID", async () => {
    for (const incoming of ["evil id; drop", "a".repeat(200), "<script>"]) {
      const response = await t.app.request("/health", { headers: { "X-Request-Id": incoming } });
      expect(response.headers.get("x-request-id")).toMatch(UUID);
    }
  });

  it("answers a known path with the wrong method with 405 and an Allow header", async () => {
    const response = await t.app.request("/health", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    const body = await errorOf(response);
    expect(body.error.code).toBe("METHOD_NOT_ALLOWED");
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("answers a body that is not JSON with 400 VALIDATION_ERROR", async () => {
    const response = await call("/test/echo", "{not json", { "X-Request-Id": "bad-json-1" });
    expect(response.status).toBe(400);
    const body = await sealedErrorOf(response);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.requestId).toBe("bad-json-1");
  });

  it("answers a body that is not valid UTF-8 with 400 VALIDATION_ERROR instead of reading it with replacement characters", async () => {
    const json = new TextEncoder().encode('{"email":"ann@example.com","recipients":[{"name":"A');
    const body = Uint8Array.from([
      ...json,
      0xc3,
      0x28,
      0xed,
      0xa0,
      0x80,
      ...'"}]}'.split("").map((char) => char.charCodeAt(0)),
    ]);
    const response = await tunnel.request("POST", "/test/echo", { body });
    expect(response.status).toBe(400);
    const error = await sealedErrorOf(response);
    expect(error.error.code).toBe("VALIDATION_ERROR");
    expect(error.error.message).toBe("The request body is not valid UTF-8.");
  });

  it("answers a schema failure with 400 VALIDATION_ERROR listing each field by path", async () => {
    const response = await call(
      "/test/echo",
      JSON.stringify({ email: "not-an-email", recipients: [{ name: "Ann" }, { name: "" }] }),
    );
    expect(response.status).toBe(400);
    const body = await sealedErrorOf(response);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.fields?.map((field) => [field.path, field.code])).toEqual([
      ["email", "invalid_format"],
      ["recipients.1.name", "too_small"],
    ]);
    for (const field of body.error.fields ?? []) expect(field.message).not.toBe("");
  });

  it("passes a valid body to the handler", async () => {
    const payload = { email: "ann@example.com", recipients: [{ name: "Ann" }] };
    const response = await call("/test/echo", JSON.stringify(payload));
    expect(response.status).toBe(200);
    expect(response.encrypted).toBe(true);
    expect(await response.json()).toEqual(payload);
  });

  it("refuses a plaintext body of another media type before any validation (the route takes sealed requests)", async () => {
    const response = await t.app.request("/test/text", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "email=a@b.c",
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).error.code).toBe("TUNNEL_ERROR");
  });

  it("answers an unexpected exception with a generic 500 and keeps the details in the log only", async () => {
    const response = await call("/test/crash", "{}", { "X-Request-Id": "crash-1" });
    expect(response.status).toBe(500);
    expect(response.encrypted).toBe(true);
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("db-secret-host");
    const body = errorResponseSchema.parse(JSON.parse(text));
    expect(body.error.code).toBe("INTERNAL_SERVER_ERROR");
    expect(body.error.message).toBe(errorCatalogue.INTERNAL_SERVER_ERROR.message);
    expect(body.requestId).toBe("crash-1");
    const logged = t.logs.find(
      (line) => line.msg === "request failed" && line.requestId === "crash-1",
    );
    expect(JSON.stringify(logged)).toContain("db-secret-host");
  });

  it("logs a database error of a 5xx without its SQL text or parameter values", async () => {
    const response = await call("/test/database-crash", "{}", { "X-Request-Id": "db-crash-1" });
    expect(response.status).toBe(500);
    const logged = t.logs.find(
      (line) => line.msg === "request failed" && line.requestId === "db-crash-1",
    );
    expect(logged).toMatchObject({ err: { code: "22P02" } });
    const text = JSON.stringify(logged);
    expect(text).not.toContain("ada.private@example.com");
    expect(text).not.toContain("SELECT email");
  });

  it("writes one access log line per request with method, path, status and duration, without the query string", async () => {
    await t.app.request("/health?secret=shh", { headers: { "X-Request-Id": "access-1" } });
    await t.app.request("/missing", { headers: { "X-Request-Id": "access-2" } });
    const lines = t.logs.filter(
      (line) =>
        line.msg === "request" &&
        typeof line.requestId === "string" &&
        line.requestId.startsWith("access-"),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      requestId: "access-1",
      method: "GET",
      path: "/health",
      status: 200,
    });
    expect(lines[1]).toMatchObject({
      requestId: "access-2",
      method: "GET",
      path: "/missing",
      status: 404,
      code: "NOT_FOUND",
    });
    expect(typeof lines[0]?.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("shh");
  });

  it("allows the web and signing apps cross-origin with credentials and exposes the api's headers", async () => {
    for (const origin of ["http://localhost:5173", "http://localhost:5174"]) {
      const response = await t.app.request("/health", { headers: { Origin: origin } });
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
      expect(response.headers.get("access-control-allow-credentials")).toBe("true");
      expect(response.headers.get("access-control-expose-headers")).toBe(
        "X-Request-Id,X-Session-Id,X-Encrypted-Response",
      );
    }
    const preflight = await t.app.request("/envelope/list-requests", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,x-session-id,signature",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("X-Session-Id");
  });

  it("does not allow other origins", async () => {
    const response = await t.app.request("/health", {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows the further origins CORS_ORIGINS names, and only those", async () => {
    const other = await createTestApp(
      database.connection.db,
      { CORS_ORIGINS: "https://tools.example.com" },
      { verifyRequestSignature: null },
    );
    try {
      const allowed = await other.app.request("/health", {
        headers: { Origin: "https://tools.example.com" },
      });
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://tools.example.com");
      const refused = await other.app.request("/health", {
        headers: { Origin: "https://evil.example" },
      });
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await other.destroy();
    }
  });

  it("sets security headers on answers and errors", async () => {
    for (const response of [await t.app.request("/health"), await t.app.request("/missing")]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });

  it("documents every error code at the documentation URL of its errors", async () => {
    const response = await t.app.request("/docs/errors");
    expect(response.status).toBe(200);
    const page = await response.text();
    for (const [code, definition] of Object.entries(errorCatalogue)) {
      expect(page).toContain(`id="${code}"`);
      expect(page).toContain(`(HTTP ${definition.status})`);
    }
  });
});
