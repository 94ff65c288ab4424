import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { errorResponseSchema, type ErrorResponse } from "@paraphe/api-sdk/contract";
import type { TunnelResponse } from "@paraphe/tunnel-client";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import type { AppEnv } from "../http/context";
import { validateJson } from "../http/validate";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { isPublicPath, registerSealedRequests } from "./sealed-requests";
import type { TunnelledRequest } from "./tunnelled-request";
import {
  createTestTunnelClient,
  fetchFromApp,
  openManualSession,
  type ManualSession,
} from "../test/tunnel";

const IDLE_SECONDS = 60;
const MAX_AGE_SECONDS = 300;
const recordSchema = z.object({ note: z.string().min(1) });
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A plaintext answer in the spec's error shape (what every refusal is). */
async function plaintextError(response: Response): Promise<ErrorResponse> {
  expect(response.headers.get("x-encrypted-response")).toBeNull();
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return errorResponseSchema.parse(await response.json());
}

function sealedErrorOf(response: TunnelResponse): Promise<ErrorResponse> {
  expect(response.encrypted).toBe(true);
  return response.json().then((body) => errorResponseSchema.parse(body));
}

describe.each(testDatabaseKinds)("the secure tunnel on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database.destroy();
  });

  describe.each(["memory", "database"] as const)("with the %s session store", (store) => {
    let t: TestApp;
    let clock: number;
    /** What the test route received, in order: proves whether a route ran. */
    let recorded: unknown[];
    let signatureCheck: ((request: TunnelledRequest) => Promise<void>) | undefined;

    beforeAll(async () => {
      clock = Date.parse("2026-11-22T10:00:00Z");
      t = await createTestApp(
        database.connection.db,
        {
          TUNNEL_SESSION_STORE: store,
          TUNNEL_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
          TUNNEL_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
        },
        {
          now: () => clock,
          verifyRequestSignature: (request) => signatureCheck?.(request) ?? Promise.resolve(),
          routes: (app) => {
            // Test-only routes, registered after the tunnel middleware like every product route.
            app.on(["POST", "PUT"], "/test/record", validateJson(recordSchema), (c) => {
              recorded.push(c.req.valid("json"));
              return c.json({
                recorded: recorded.length,
                method: c.req.method,
                contentType: c.req.header("Content-Type"),
              });
            });
            app.post("/test/other", (c) => {
              recorded.push("other");
              return c.json({ other: true });
            });
            app.post("/test/forbidden", () => {
              recorded.push("forbidden");
              throw new AppError("FORBIDDEN", { message: "Not for you." });
            });
            app.post("/test/crash", () => {
              recorded.push("crash");
              throw new Error("db-secret-host unreachable");
            });
            app.post("/test/nothing", (c) => {
              recorded.push("nothing");
              return c.body(null, 204);
            });
            app.all("/test/any-method", (c) => {
              recorded.push(`any ${c.req.method}`);
              return c.json({});
            });
          },
        },
      );
    });

    beforeEach(() => {
      recorded = [];
      signatureCheck = undefined;
      clock += 1000;
    });

    afterAll(async () => {
      await t.destroy();
    });

    const manual = (): Promise<ManualSession> => openManualSession(fetchFromApp(t.app));

    describe("a sealed call", () => {
      it("runs a full handshake with the real tunnel client and a sealed round trip to a validating route", async () => {
        const client = createTestTunnelClient(fetchFromApp(t.app));
        const response = await client.request("POST", "/test/record", {
          body: utf8(JSON.stringify({ note: "hello" })),
        });
        expect(response.status).toBe(200);
        expect(response.encrypted).toBe(true);
        expect(response.headers.get("x-encrypted-response")).toBe("1");
        expect(response.headers.get("content-type")).toBe("application/octet-stream");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("x-request-id")).not.toBeNull();
        // The route saw the opened body as JSON.
        expect(await response.json()).toEqual({
          recorded: 1,
          method: "POST",
          contentType: "application/json",
        });
        expect(recorded).toEqual([{ note: "hello" }]);
        // The client's attestation outcome is honest: no hardware isolation on this server.
        expect(client.getAttestationStatus()).toMatchObject({
          status: "GenericFailure",
          components: { amd_sev_snp: false },
        });

        const second = await client.request("PUT", "/test/record?x=1", {
          body: utf8(JSON.stringify({ note: "again" })),
        });
        expect(await second.json()).toMatchObject({ recorded: 2, method: "PUT" });
      });

      it("works over a real listening server with the client's own fetch", async () => {
        const server = await new Promise<Server>((resolve) => {
          const started = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
            resolve(started as Server),
          );
        });
        try {
          const { port } = server.address() as AddressInfo;
          const client = createTestTunnelClient((input, init) => fetch(input, init), {
            baseUrl: `http://127.0.0.1:${port}`,
          });
          const response = await client.request("POST", "/test/record", {
            body: utf8('{"note":"over http"}'),
          });
          expect(response.encrypted).toBe(true);
          expect(await response.json()).toMatchObject({ recorded: 1 });
        } finally {
          await new Promise<void>((resolve) => server.close(() => resolve()));
        }
      });

      it("seals error answers too: validation, application errors and unexpected failures, in the error shape", async () => {
        const client = createTestTunnelClient(fetchFromApp(t.app));

        const invalid = await client.request("POST", "/test/record", { body: utf8('{"note":""}') });
        expect(invalid.status).toBe(400);
        const validation = await sealedErrorOf(invalid);
        expect(validation.error.code).toBe("VALIDATION_ERROR");
        expect(validation.error.fields?.[0]?.path).toBe("note");

        const notJson = await client.request("POST", "/test/record", { body: utf8("{not json") });
        expect(notJson.status).toBe(400);
        expect((await sealedErrorOf(notJson)).error.code).toBe("VALIDATION_ERROR");

        const forbidden = await client.request("POST", "/test/forbidden", { body: utf8("{}") });
        expect(forbidden.status).toBe(403);
        expect((await sealedErrorOf(forbidden)).error).toMatchObject({
          code: "FORBIDDEN",
          message: "Not for you.",
        });

        const crash = await client.request("POST", "/test/crash", {
          body: utf8("{}"),
          headers: { "X-Request-Id": "tunnel-crash-1" },
        });
        expect(crash.status).toBe(500);
        expect(crash.encrypted).toBe(true);
        expect(await crash.text()).not.toContain("db-secret-host");
        expect(
          t.logs.some(
            (line) => line.requestId === "tunnel-crash-1" && line.msg === "request failed",
          ),
        ).toBe(true);
        expect(recorded).toEqual(["forbidden", "crash"]);
      });

      it("answers a route's empty 204 as a sealed 200 with {}", async () => {
        const client = createTestTunnelClient(fetchFromApp(t.app));
        const response = await client.request("POST", "/test/nothing", { body: utf8("{}") });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({});
        expect(recorded).toEqual(["nothing"]);
      });

      it("accepts requests reordered within the replay window", async () => {
        const s = await manual();
        const first = await s.seal("POST", "/test/record", { note: "first" });
        const second = await s.seal("POST", "/test/record", { note: "second" });
        expect((await s.send("/test/record", second.sealed)).status).toBe(200);
        expect((await s.send("/test/record", first.sealed)).status).toBe(200);
        expect(recorded).toEqual([{ note: "second" }, { note: "first" }]);
      });

      it("accepts a sequence number once when the same request arrives twice at the same time", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "twin" });
        const statuses = (
          await Promise.all([s.send("/test/record", sealed), s.send("/test/record", sealed)])
        ).map((r) => r.status);
        expect(statuses.sort()).toEqual([200, 400]);
        expect(recorded).toEqual([{ note: "twin" }]);
      });

      it("hands the sealed bytes, headers and opened body to the request-signature check, whose refusal is sealed and stops the route", async () => {
        const seen: TunnelledRequest[] = [];
        signatureCheck = async (request) => {
          seen.push(request);
          if (request.headers.get("Signature") !== "valid")
            throw new AppError("AUTHENTICATION_ERROR", { message: "Bad signature." });
        };
        const client = createTestTunnelClient(fetchFromApp(t.app));
        let wire: Uint8Array | undefined;
        const refused = await client.request("POST", "/test/record", {
          body: utf8('{"note":"signed?"}'),
          headers: { Signature: "forged" },
          beforeSend: (request) => {
            wire = request.body;
          },
        });
        expect(refused.status).toBe(401);
        expect((await sealedErrorOf(refused)).error.code).toBe("AUTHENTICATION_ERROR");
        expect(recorded).toEqual([]);
        expect(seen[0]).toMatchObject({ method: "POST", path: "/test/record", seq: 0 });
        expect(Buffer.from(seen[0]?.sealedBody ?? []).equals(Buffer.from(wire ?? []))).toBe(true);
        expect(new TextDecoder().decode(seen[0]?.body)).toBe('{"note":"signed?"}');

        const accepted = await client.request("POST", "/test/record", {
          body: utf8('{"note":"signed"}'),
          headers: { Signature: "valid" },
        });
        expect(accepted.status).toBe(200);
        expect(recorded).toEqual([{ note: "signed" }]);
      });
    });

    describe("refuses, in the error shape and without running the route,", () => {
      it("unencrypted JSON without a session (TUNNEL_ERROR 401)", async () => {
        const response = await t.app.request("/test/record", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ note: "plain" }),
        });
        expect(response.status).toBe(401);
        const body = await plaintextError(response);
        expect(body.error.code).toBe("TUNNEL_ERROR");
        expect(body.path).toBe("/test/record");
        expect(recorded).toEqual([]);
      });

      it("plaintext requests of any method to a route registered for every method (TUNNEL_ERROR 401)", async () => {
        for (const method of ["GET", "HEAD", "DELETE", "POST"]) {
          const response = await t.app.request("/test/any-method", { method });
          expect(response.status, method).toBe(401);
        }
        expect(recorded).toEqual([]);
      });

      it("unencrypted JSON with a valid session id (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const response = await s.send("/test/record", JSON.stringify({ note: "plain" }), {
          contentType: "application/json",
        });
        expect(response.status).toBe(400);
        expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        expect(recorded).toEqual([]);
      });

      it("a sealed body sent as another content type (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "x" });
        const response = await s.send("/test/record", sealed, { contentType: "application/json" });
        expect(response.status).toBe(400);
        expect(recorded).toEqual([]);
      });

      it("an unknown session (TUNNEL_ERROR 401)", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "x" });
        for (const sessionId of ["A".repeat(43), "not a valid id", ""]) {
          const response = await s.send("/test/record", sealed, { sessionId });
          expect(response.status).toBe(401);
          expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        }
        expect(recorded).toEqual([]);
      });

      it("a session past its idle lifetime (TUNNEL_ERROR 401), which the real client then replaces, sending again only an idempotent call", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "late" });
        clock += IDLE_SECONDS * 1000;
        const response = await s.send("/test/record", sealed);
        expect(response.status).toBe(401);
        expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        expect(recorded).toEqual([]);

        const client = createTestTunnelClient(fetchFromApp(t.app));
        expect(
          (await client.request("POST", "/test/record", { body: utf8('{"note":"one"}') })).status,
        ).toBe(200);
        clock += IDLE_SECONDS * 1000;
        // The plaintext 401 could be forged after the call ran: a call that is not idempotent
        // gets it, and the next call opens a new session.
        const refused = await client.request("POST", "/test/record", {
          body: utf8('{"note":"lost"}'),
        });
        expect(refused.status).toBe(401);
        expect(refused.encrypted).toBe(false);
        expect(
          (await client.request("POST", "/test/record", { body: utf8('{"note":"two"}') })).status,
        ).toBe(200);
        clock += IDLE_SECONDS * 1000;
        const retried = await client.request("POST", "/test/record", {
          body: utf8('{"note":"three"}'),
          idempotent: true,
        });
        expect(retried.status).toBe(200);
        expect(retried.encrypted).toBe(true);
        expect(recorded).toEqual([{ note: "one" }, { note: "two" }, { note: "three" }]);
      });

      it("a session past its absolute lifetime, however busy (TUNNEL_ERROR 401)", async () => {
        const s = await manual();
        const steps = Math.ceil((MAX_AGE_SECONDS * 1000) / ((IDLE_SECONDS * 1000) / 2));
        let ran = 0;
        for (let step = 0; step <= steps; step++) {
          const { sealed } = await s.seal("POST", "/test/record", { note: `busy ${step}` });
          const response = await s.send("/test/record", sealed);
          if (response.status !== 200) {
            expect(response.status).toBe(401);
            expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
            break;
          }
          ran += 1;
          clock += (IDLE_SECONDS * 1000) / 2;
        }
        // Used every half idle period: it lived its maximum age, not one second more.
        expect(ran).toBe(MAX_AGE_SECONDS / (IDLE_SECONDS / 2));
        expect(recorded).toHaveLength(ran);
      });

      it("a replayed message (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "once" });
        expect((await s.send("/test/record", sealed)).status).toBe(200);
        const replay = await s.send("/test/record", sealed);
        expect(replay.status).toBe(400);
        expect((await plaintextError(replay)).error.code).toBe("TUNNEL_ERROR");
        expect(recorded).toEqual([{ note: "once" }]);
      });

      it("a message reordered beyond the 64-message window (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const messages = [];
        for (let i = 0; i <= 64; i++)
          messages.push(await s.seal("POST", "/test/record", { note: `m${i}` }));
        expect(
          (await s.send("/test/record", messages[64]?.sealed ?? new Uint8Array())).status,
        ).toBe(200);
        const tooOld = await s.send("/test/record", messages[0]?.sealed ?? new Uint8Array());
        expect(tooOld.status).toBe(400);
        expect((await plaintextError(tooOld)).error.code).toBe("TUNNEL_ERROR");
        // Just inside the window is still fine.
        expect((await s.send("/test/record", messages[1]?.sealed ?? new Uint8Array())).status).toBe(
          200,
        );
        expect(recorded).toEqual([{ note: "m64" }, { note: "m1" }]);
      });

      it("a truncated body (TUNNEL_ERROR 400), leaving the session usable", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "whole" });
        for (const cut of [
          sealed.subarray(0, sealed.length - 1),
          sealed.subarray(0, 9 + 16),
          sealed.subarray(0, 5),
          new Uint8Array(),
        ]) {
          const response = await s.send("/test/record", cut);
          expect(response.status).toBe(400);
          expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        }
        expect(recorded).toEqual([]);
        expect((await s.send("/test/record", sealed)).status).toBe(200);
      });

      it("one flipped bit in the header, the sequence number, the ciphertext or the tag (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "intact" });
        const tagStart = sealed.length - 16;
        const positions = {
          version: [0],
          seq: [1, 4, 8],
          ciphertext: [9, 12, tagStart - 1],
          tag: [tagStart, sealed.length - 1],
        };
        for (const [part, offsets] of Object.entries(positions)) {
          for (const offset of offsets) {
            for (const bit of [0, 7]) {
              const forged = new Uint8Array(sealed);
              forged[offset] = (forged[offset] ?? 0) ^ (1 << bit);
              const response = await s.send("/test/record", forged);
              expect(response.status, `${part} byte ${offset} bit ${bit}`).toBe(400);
              expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
            }
          }
        }
        expect(recorded).toEqual([]);
        // Forgeries did not move the replay window: the genuine message still goes through.
        expect((await s.send("/test/record", sealed)).status).toBe(200);
        expect(recorded).toEqual([{ note: "intact" }]);
      });

      it("a message sealed for another session (TUNNEL_ERROR 400)", async () => {
        const [a, b] = await Promise.all([manual(), manual()]);
        const { sealed } = await a.seal("POST", "/test/record", { note: "for a" });
        const response = await a.send("/test/record", sealed, { sessionId: b.sessionId });
        expect(response.status).toBe(400);
        expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        expect(recorded).toEqual([]);
      });

      it("a message sealed for another path, query or method (TUNNEL_ERROR 400)", async () => {
        const s = await manual();
        const { sealed } = await s.seal("POST", "/test/record", { note: "here" });
        const moved = [
          await s.send("/test/other", sealed),
          await s.send("/test/record?extra=1", sealed),
          await s.send("/test/record", sealed, { method: "PUT" }),
        ];
        for (const response of moved) {
          expect(response.status).toBe(400);
          expect((await plaintextError(response)).error.code).toBe("TUNNEL_ERROR");
        }
        expect(recorded).toEqual([]);
      });
    });

    it("refuses to register a route of a non-public path before the tunnel middleware", () => {
      const app = new Hono<AppEnv>();
      app.get("/health", (c) => c.json({}));
      app.post("/envelope/sign", (c) => c.json({}));
      expect(() =>
        registerSealedRequests(app, {
          tunnel: t.tunnel,
          handleError: () => new Response(null, { status: 500 }),
        }),
      ).toThrow(
        "POST /envelope/sign is registered before the tunnel middleware but is not a public path",
      );
      expect(isPublicPath("/attestation/reference-values")).toBe(true);
      expect(isPublicPath("/attestationx")).toBe(false);
      expect(isPublicPath("/openapi.json")).toBe(true);
      expect(isPublicPath("/openapi.json/x")).toBe(false);
    });

    it("answers unknown paths and other methods in plaintext 404 and 405, running nothing", async () => {
      const s = await manual();
      const { sealed } = await s.seal("POST", "/test/missing", {});
      const missing = await s.send("/test/missing", sealed);
      expect(missing.status).toBe(404);
      expect((await plaintextError(missing)).error.code).toBe("NOT_FOUND");
      const wrongMethod = await t.app.request("/test/record", { method: "DELETE" });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("POST, PUT");
      expect(recorded).toEqual([]);
    });
  });
});
