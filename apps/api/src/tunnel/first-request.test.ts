import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { errorResponseSchema } from "@paraphe/api-sdk/contract";
import { createTunnelSession } from "@paraphe/tunnel-client";
import {
  decodeServerFinishedWithResponse,
  decodeServerHello,
  HandshakeMessageType,
  MAX_FIRST_REQUEST_LENGTH,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  type FirstRequest,
} from "@paraphe/tunnel-client/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { validateJson } from "../http/validate";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../test/databases";
import { linkFromMail, sentEnvelope, signingClient, signUpMember } from "../test/envelopes";
import { createIdentityHarness, uniqueEmail, type IdentityHarness } from "../test/identity";
import {
  bindingVerifier,
  createTestTunnelClient,
  fetchFromApp,
  type FetchLike,
} from "../test/tunnel";
import type { TunnelledRequest } from "./tunnelled-request";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const recordSchema = z.object({ note: z.string().min(1) });
const BASE = "http://api.test";

/** The handshake's POSTs that a fetch passed on, with their bodies. */
function recordingFetch(fetch: FetchLike) {
  const sent: { path: string; body: Uint8Array; sessionId: string | null }[] = [];
  const wrapped: FetchLike = async (input, init) => {
    const body = init?.body instanceof Uint8Array ? new Uint8Array(init.body) : new Uint8Array();
    sent.push({
      path: new URL(input).pathname,
      body,
      sessionId: new Headers(init?.headers).get(SESSION_ID_HEADER),
    });
    return fetch(input, init);
  };
  return { fetch: wrapped, sent };
}

describe.each(testDatabaseKinds.slice(0, 1))(
  "the first call with the handshake's second message on %s",
  (kind) => {
    let database: TestDatabase;
    let t: TestApp;
    let recorded: unknown[];
    let signatureCheck: ((request: TunnelledRequest) => Promise<void>) | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      t = await createTestApp(
        database.connection.db,
        {},
        {
          verifyRequestSignature: (request) => signatureCheck?.(request) ?? Promise.resolve(),
          routes: (app) => {
            app.post("/test/record", validateJson(recordSchema), (c) => {
              recorded.push(c.req.valid("json"));
              return c.json({ recorded: recorded.length, ip: c.get("clientIp") ?? null });
            });
            app.post("/test/forbidden", () => {
              recorded.push("forbidden");
              throw new AppError("FORBIDDEN", { message: "Not for you." });
            });
          },
        },
      );
    });

    beforeEach(() => {
      recorded = [];
      signatureCheck = undefined;
    });

    afterAll(async () => {
      await t.destroy();
      await database.destroy();
    });

    /**
     * A handshake driven by hand up to its second step: the ClientFinishedWithRequest for `request`
     * (sealed under the new session), for tests that send or alter its bytes.
     */
    async function combinedMessage(path = "/test/record", body = '{"note":"first"}') {
      const fetch = fetchFromApp(t.app);
      const session = createTunnelSession({ verifyEvidence: bindingVerifier() });
      const hello = await fetch(`${BASE}/tunnel/session`, {
        method: "POST",
        headers: { "Content-Type": TUNNEL_CONTENT_TYPE },
        body: (await session.getOutgoingMessage()) as Uint8Array,
      });
      const helloBytes = new Uint8Array(await hello.arrayBuffer());
      await session.putIncomingMessage(helloBytes, {
        sessionId: hello.headers.get(SESSION_ID_HEADER),
      });
      const sealed = await session.writeFirst(utf8(body), { method: "POST", path });
      const request: FirstRequest = {
        method: "POST",
        path,
        headers: [["x-timestamp", "1700000000"]],
        sealed,
      };
      const frame = (await session.getOutgoingMessage(request)) as Uint8Array;
      const sessionId = session.sessionId as string;
      const post = (bytes: Uint8Array) =>
        fetch(`${BASE}/tunnel/session`, {
          method: "POST",
          headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: sessionId },
          body: bytes,
        });
      return { session, sessionId, frame, post, helloBytes };
    }

    it("offers the first request in every server hello", async () => {
      const { helloBytes } = await combinedMessage();
      expect(decodeServerHello(helloBytes).maxFirstRequestLength).toBe(MAX_FIRST_REQUEST_LENGTH);
    });

    it("runs an idempotent call of the real client with the second step: two POSTs, the route once, the answer sealed", async () => {
      const { fetch, sent } = recordingFetch(fetchFromApp(t.app));
      const client = createTestTunnelClient(fetch);
      const signed: TunnelledRequest[] = [];
      signatureCheck = async (request) => {
        signed.push(request);
      };
      const response = await client.request("POST", "/test/record", {
        body: utf8('{"note":"with the handshake"}'),
        idempotent: true,
        headers: { "Accept-Language": "fr" },
        beforeSend: ({ headers }) => {
          headers.set("X-Timestamp", "1700000000");
          headers.set("Signature", "sig=:AAAA:");
        },
      });
      expect(response.status).toBe(200);
      expect(response.encrypted).toBe(true);
      expect(await response.json()).toMatchObject({ recorded: 1 });
      expect(recorded).toEqual([{ note: "with the handshake" }]);
      expect(sent.map((request) => request.path)).toEqual(["/tunnel/session", "/tunnel/session"]);
      expect(sent[1]?.body[1]).toBe(HandshakeMessageType.ClientFinishedWithRequest);
      // The signature check saw what a separate call shows it: the carried headers, the sealed
      // body that travelled, sequence number 0 of the new session, the call's own URL.
      expect(signed).toHaveLength(1);
      const [request] = signed as [TunnelledRequest];
      expect(request.seq).toBe(0);
      expect(request.path).toBe("/test/record");
      expect(new URL(request.url).pathname).toBe("/test/record");
      expect(request.sessionId).toBe(sent[1]?.sessionId);
      expect(request.headers.get("x-timestamp")).toBe("1700000000");
      expect(request.headers.get("signature")).toBe("sig=:AAAA:");
      expect(request.headers.get("accept-language")).toBe("fr");
      // Logged as a call of its own, under the handshake's request id.
      const lines = t.logs.filter((line) => line.msg === "request");
      const inner = lines.find((line) => line.path === "/test/record");
      expect(inner).toMatchObject({ method: "POST", status: 200 });
      const outer = lines.find(
        (line) => line.path === "/tunnel/session" && line.requestId === inner?.requestId,
      );
      expect(outer).toBeDefined();
      // The session goes on from sequence number 1.
      const next = await client.request("POST", "/test/record", { body: utf8('{"note":"2"}') });
      expect(await next.json()).toMatchObject({ recorded: 2 });
    });

    it("works over a real listening server with the client's own fetch", async () => {
      const server = await new Promise<Server>((resolve) => {
        const started = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
          resolve(started as Server),
        );
      });
      try {
        const { port } = server.address() as AddressInfo;
        const { fetch, sent } = recordingFetch((input, init) => globalThis.fetch(input, init));
        const client = createTestTunnelClient(fetch, { baseUrl: `http://127.0.0.1:${port}` });
        const response = await client.request("POST", "/test/record", {
          body: utf8('{"note":"over http"}'),
          idempotent: true,
          headers: { Accept: "application/json" },
        });
        expect(response.encrypted).toBe(true);
        expect(await response.json()).toMatchObject({ recorded: 1 });
        expect(sent).toHaveLength(2);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it("refuses a replay of the combined message with 401 and runs nothing", async () => {
      const { frame, post } = await combinedMessage();
      const first = await post(frame);
      expect(first.status).toBe(200);
      expect(recorded).toHaveLength(1);
      const replay = await post(frame);
      expect(replay.status).toBe(401);
      expect(errorResponseSchema.parse(await replay.json()).error.code).toBe("TUNNEL_ERROR");
      expect(recorded).toHaveLength(1);
    });

    it("runs nothing when the key confirmation fails (403), and opens no session", async () => {
      const { frame, post, sessionId } = await combinedMessage();
      const bad = new Uint8Array(frame);
      bad[6 + 2 + 32] = (bad[6 + 2 + 32] ?? 0) ^ 1;
      const answer = await post(bad);
      expect(answer.status).toBe(403);
      expect(recorded).toEqual([]);
      expect(await t.tunnel.store.find(sessionId, Date.now())).toBeUndefined();
    });

    it("refuses a tampered request inside the message as it refuses a tampered call: 400, plaintext, nothing run", async () => {
      const { frame, post } = await combinedMessage();
      const tampered = new Uint8Array(frame);
      const last = tampered.length - 1;
      tampered[last] = (tampered[last] ?? 0) ^ 1;
      const answer = await post(tampered);
      expect(answer.status).toBe(200);
      const { response } = decodeServerFinishedWithResponse(
        new Uint8Array(await answer.arrayBuffer()),
      );
      expect(response.status).toBe(400);
      expect(response.encrypted).toBe(false);
      const error = errorResponseSchema.parse(JSON.parse(new TextDecoder().decode(response.body)));
      expect(error.error.code).toBe("TUNNEL_ERROR");
      expect(recorded).toEqual([]);
    });

    it("answers the call's errors inside the message as a separate call gets them: sealed", async () => {
      const client = createTestTunnelClient(fetchFromApp(t.app));
      const forbidden = await client.request("POST", "/test/forbidden", {
        body: utf8("{}"),
        idempotent: true,
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.encrypted).toBe(true);
      expect(errorResponseSchema.parse(await forbidden.json()).error.code).toBe("FORBIDDEN");
      expect(recorded).toEqual(["forbidden"]);
      client.destroy();
      // A refused signature: the route does not run, the refusal is sealed.
      signatureCheck = async () => {
        throw new AppError("AUTHENTICATION_ERROR", { message: "Bad signature." });
      };
      const refused = await client.request("POST", "/test/record", {
        body: utf8('{"note":"x"}'),
        idempotent: true,
      });
      expect(refused.status).toBe(401);
      expect(refused.encrypted).toBe(true);
      expect(recorded).toEqual(["forbidden"]);
    });

    it("never runs a first request to the handshake or a public path, and opens no session for it", async () => {
      for (const path of [
        "/tunnel/session",
        "/health",
        "/%68ealth",
        "/attestation/reference-values",
      ]) {
        const { frame, post, sessionId } = await combinedMessage(path);
        const answer = await post(frame);
        expect(answer.status, path).toBe(400);
        expect(await t.tunnel.store.find(sessionId, Date.now()), path).toBeUndefined();
      }
    });

    it("refuses a first request larger than offered, unread", async () => {
      const { session, post } = await combinedMessage();
      void session;
      const oversized = new Uint8Array(6 + 88 + MAX_FIRST_REQUEST_LENGTH + 10);
      oversized[0] = 1;
      oversized[1] = HandshakeMessageType.ClientFinishedWithRequest;
      const answer = await post(oversized);
      expect(answer.status).toBe(400);
      expect(recorded).toEqual([]);
    });
  },
);

describe.each(testDatabaseKinds.slice(0, 1))(
  "the signing page's open call with the handshake on %s",
  (kind) => {
    let h: IdentityHarness;

    beforeAll(async () => {
      h = await createIdentityHarness(kind);
    });
    afterAll(async () => {
      await h.destroy();
    });

    it("opens the envelope in two round trips with the real request signature, and opening again is harmless", async () => {
      const sender = await signUpMember(h, "first-request-sender");
      const email = uniqueEmail("first-request");
      const envelope = await sentEnvelope(sender, [email]);
      const link = await linkFromMail(h, email, envelope.uuid);

      const first = signingClient(h, "198.51.100.23");
      const opened = await first.envelope.open(link, { idempotent: true });
      expect(opened.envelope.uuid).toBe(envelope.uuid);
      expect(opened.firstPage).not.toBeNull();
      // It travelled with the handshake's second step: logged under that step's request id.
      const lines = h.t.logs.filter((line) => line.msg === "request");
      const call = lines.find((line) => line.path === "/envelope/open");
      expect(call).toMatchObject({ status: 200 });
      expect(
        lines.some((line) => line.path === "/tunnel/session" && line.requestId === call?.requestId),
      ).toBe(true);
      // Again, on a new session (a reload, or a handshake step tried again): the same answer.
      const again = await signingClient(h, "198.51.100.24").envelope.open(link, {
        idempotent: true,
      });
      expect(again.recipient.uuid).toBe(opened.recipient.uuid);
      expect(again.viewedPages).toEqual(opened.viewedPages);

      const activity = await sender.api.envelope.activity({ envelopeUuid: envelope.uuid });
      const openings = activity.events.filter((event) => event.type === "envelopeOpened");
      // Recorded once, from the address of the client that opened it first.
      expect(openings).toHaveLength(1);
      expect(openings[0]).toMatchObject({ ipAddress: "198.51.100.23" });
    });
  },
);
