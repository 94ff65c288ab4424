import { http, HttpResponse } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTunnelClient, type TunnelClientOptions } from "./client";
import { isTunnelError, TunnelError, type TunnelErrorCode } from "./errors";
import { handshakeBackoffMs } from "./backoff";
import {
  decodeSealedMessage,
  decodeSealedRequest,
  ENCRYPTED_RESPONSE_HEADER,
  encodeHandshakeFrame,
  HandshakeMessageType,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  fromUtf8,
  utf8,
} from "./protocol";
import { TEST_STATUS, verifyTestEvidence } from "./testing/evidence";
import { API_BASE, createTestServer, tunnelHandlers } from "./test/handlers";
import { createTestResponder, errorResponse, type TestResponder } from "./testing/responder";

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const json = (value: unknown) => utf8(JSON.stringify(value));

function setup(
  overrides: Partial<TunnelClientOptions> = {},
  responder: TestResponder = createTestResponder(),
) {
  server.use(...tunnelHandlers(responder));
  const sleeps: number[] = [];
  const client = createTunnelClient({
    baseUrl: `${API_BASE}/`,
    verifyEvidence: verifyTestEvidence,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, responder, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<TunnelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TunnelError) return error;
    throw error;
  }
  throw new Error("expected a TunnelError");
}

async function codeOf(promise: Promise<unknown>): Promise<TunnelErrorCode> {
  return (await failure(promise)).code;
}

/** Counts handshake POSTs and lets a test answer some of them itself. */
function interceptHandshake(answer: (call: number, request: Request) => Response | undefined) {
  let calls = 0;
  server.use(
    http.post(`${API_BASE}/tunnel/session`, ({ request }) => {
      calls += 1;
      return answer(calls, request);
    }),
  );
  return () => calls;
}

describe("createTunnelClient: handshake and round trip", () => {
  it("opens a session and round-trips a sealed request and response", async () => {
    const onAttestation = vi.fn();
    const { client, responder } = setup({ onAttestation });
    expect(client.isOpen()).toBe(false);
    const response = await client.request("post", "/envelope/list-requests?page=1", {
      body: json({}),
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.encrypted).toBe(true);
    expect(await response.json()).toEqual({
      method: "POST",
      path: "/envelope/list-requests?page=1",
      received: "{}",
    });
    expect(client.isOpen()).toBe(true);
    expect(responder.stats).toEqual({ hellos: 1, finishes: 1, requests: 1, firstRequests: 0 });
    expect(onAttestation).toHaveBeenCalledTimes(1);
    expect(client.getAttestationStatus()).toEqual(TEST_STATUS);
    expect(JSON.parse(client.getAttestationResults() ?? "null")).toHaveProperty("components");
    expect(client.getLastAttestation()).toMatchObject({ ok: true });
  });

  it("reuses the open session for later calls", async () => {
    const { client, responder } = setup();
    for (let i = 0; i < 3; i++)
      await client.request("POST", "/user/profile", { body: json({ i }) });
    expect(responder.stats).toEqual({ hellos: 1, finishes: 1, requests: 3, firstRequests: 0 });
  });

  it("runs one handshake for concurrent callers", async () => {
    const { client, responder } = setup();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.request("POST", `/call/${i}`, { body: json({ i }) }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies.map((body) => (body as { path: string }).path)).toEqual(
      Array.from({ length: 8 }, (_, i) => `/call/${i}`),
    );
    expect(responder.stats.hellos).toBe(1);
  });

  it("sends the sealed body as an octet-stream with X-Session-Id, the caller's headers and beforeSend's", async () => {
    const seen: Request[] = [];
    const responder = createTestResponder({
      route: ({ headers }) => ({
        status: 200,
        body: json({ signature: headers.get("Signature"), lang: headers.get("Accept-Language") }),
      }),
    });
    server.events.on("request:start", ({ request }) => {
      seen.push(request.clone());
    });
    const beforeSend = vi.fn(({ headers, body }: { headers: Headers; body: Uint8Array }) => {
      headers.set("Signature", `sig=:${body.length}:`);
    });
    const { client } = setup({}, responder);
    const response = await client.request("POST", "/team/view-invite", {
      body: json({ token: "secret-token" }),
      headers: { "Accept-Language": "fr", "Content-Type": "application/json" },
      beforeSend,
    });
    server.events.removeAllListeners();
    const call = seen.find((request) => request.url.endsWith("/team/view-invite"));
    expect(call?.headers.get("Content-Type")).toBe(TUNNEL_CONTENT_TYPE);
    expect(call?.headers.get(SESSION_ID_HEADER)).toBeTruthy();
    const wire = new Uint8Array(await (call as Request).arrayBuffer());
    expect(Buffer.from(wire).includes("secret-token")).toBe(false);
    expect(beforeSend).toHaveBeenCalledWith(
      expect.objectContaining({
        method: "POST",
        path: "/team/view-invite",
        url: `${API_BASE}/team/view-invite`,
      }),
    );
    expect(await response.json()).toEqual({ signature: `sig=:${wire.length}:`, lang: "fr" });
  });

  it("carries a traceparent inside the seal, never as a header, and refuses an invalid one", async () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const seen: Request[] = [];
    const responder = createTestResponder({
      route: ({ headers, body }) => {
        const opened = decodeSealedRequest(body);
        return {
          status: 200,
          body: json({
            meta: opened.meta,
            body: fromUtf8(opened.body),
            header: headers.get("traceparent"),
          }),
        };
      },
    });
    server.events.on("request:start", ({ request }) => {
      seen.push(request.clone());
    });
    const { client } = setup({}, responder);
    const response = await client.request("POST", "/envelope/get", {
      body: json({ id: 1 }),
      traceparent,
    });
    server.events.removeAllListeners();
    expect(await response.json()).toEqual({
      meta: { traceparent },
      body: '{"id":1}',
      header: null,
    });
    const call = seen.find((request) => request.url.endsWith("/envelope/get"));
    const wire = new Uint8Array(await (call as Request).arrayBuffer());
    expect(Buffer.from(wire).includes("4bf92f3577b34da6")).toBe(false);
    expect(
      await codeOf(
        client.request("POST", "/envelope/get", { body: json({}), traceparent: "00-xyz" }),
      ),
    ).toBe("WRITE_ERROR");
  });

  it("seals each request with the next sequence number", async () => {
    const seqs: number[] = [];
    const { client } = setup();
    const beforeSend = ({ body }: { body: Uint8Array }) => {
      seqs.push(decodeSealedMessage(body).seq);
    };
    for (let i = 0; i < 3; i++) await client.request("POST", "/x", { body: json({}), beforeSend });
    expect(seqs).toEqual([0, 1, 2]);
  });

  it("ensureOpen opens the session without a call; destroy() drops it", async () => {
    const { client, responder } = setup();
    await client.ensureOpen();
    await client.ensureOpen();
    expect(client.isOpen()).toBe(true);
    client.destroy();
    expect(client.isOpen()).toBe(false);
    await client.request("POST", "/x", { body: json({}) });
    expect(responder.stats.hellos).toBe(2);
  });
});

describe("createTunnelClient: upload progress", () => {
  it("tells a call's upload progress as its sealed body goes out, by the sender given, and opens the answer", async () => {
    const bodies: number[] = [];
    const { client } = setup({
      // Sends by fetch, reporting the body in two halves as XMLHttpRequest's upload events would.
      sendWithProgress: async (url, init, onProgress) => {
        const total = init.body.byteLength;
        bodies.push(total);
        onProgress({ sent: Math.floor(total / 2), total });
        const response = await fetch(url, init);
        onProgress({ sent: total, total });
        return response;
      },
    });
    const progress: { sent: number; total: number }[] = [];
    const response = await client.request("POST", "/envelope/upload", {
      body: json({ file: "x".repeat(10_000) }),
      onUploadProgress: (report) => progress.push(report),
    });
    expect(await response.json()).toMatchObject({ path: "/envelope/upload" });
    const total = bodies[0] ?? 0;
    // The sealed body: the plaintext and the seal's overhead.
    expect(total).toBeGreaterThan(10_000);
    expect(progress).toEqual([
      { sent: 0, total },
      { sent: Math.floor(total / 2), total },
      { sent: total, total },
    ]);
    // A call that asks for no progress goes by fetch, as before.
    await client.request("POST", "/user/profile", { body: json({}) });
    expect(bodies).toHaveLength(1);
  });

  it("without a way to watch the body go out (no XMLHttpRequest, as in Node), says nothing sent, then everything once answered", async () => {
    const { client } = setup();
    const progress: { sent: number; total: number }[] = [];
    const response = await client.request("POST", "/envelope/upload", {
      body: json({ file: "y" }),
      onUploadProgress: (report) => progress.push(report),
    });
    expect(response.ok).toBe(true);
    expect(progress.map((report) => report.sent)).toEqual([0, progress[0]?.total]);
  });
});

describe("createTunnelClient: answers without the encrypted-response header", () => {
  it("surfaces a plaintext error in the spec's shape as is", async () => {
    const { client } = setup();
    server.use(
      http.post(`${API_BASE}/envelope/sign`, () =>
        errorResponse(403, "PERMISSION_DENIED", "no", "/envelope/sign"),
      ),
    );
    const response = await client.request("POST", "/envelope/sign", { body: json({}) });
    expect(response.status).toBe(403);
    expect(response.encrypted).toBe(false);
    expect(await response.json()).toMatchObject({
      statusCode: 403,
      error: { code: "PERMISSION_DENIED" },
    });
  });

  it("UNENCRYPTED_RESPONSE: refuses a successful plaintext answer", async () => {
    const { client } = setup();
    server.use(
      http.post(`${API_BASE}/user/profile`, () =>
        HttpResponse.json({ email: "mallory@example.com" }),
      ),
    );
    expect(await codeOf(client.request("POST", "/user/profile", { body: json({}) }))).toBe(
      "UNENCRYPTED_RESPONSE",
    );
  });

  it("SERVER_STATUS: a plaintext error that is not in the spec's shape", async () => {
    const { client } = setup();
    server.use(
      http.post(
        `${API_BASE}/user/profile`,
        () => new HttpResponse("<html>Bad gateway</html>", { status: 502 }),
      ),
    );
    const error = await failure(client.request("POST", "/user/profile", { body: json({}) }));
    expect(error.code).toBe("SERVER_STATUS");
    expect(error.status).toBe(502);
    expect(error.transient).toBe(true);
  });
});

describe("createTunnelClient: TUNNEL_ERROR 401", () => {
  it("discards the session, handshakes again and sends an idempotent call once more", async () => {
    const { client, responder } = setup();
    await client.request("POST", "/x", { body: json({ n: 1 }) });
    responder.forgetSessions(); // the server restarted
    const response = await client.request("POST", "/x", {
      body: json({ n: 2 }),
      idempotent: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: '{"n":2}' });
    // Sent again with the new handshake's second message.
    expect(responder.stats).toEqual({ hellos: 2, finishes: 2, requests: 2, firstRequests: 1 });
  });

  it("never sends a call that is not idempotent again after a plaintext 401, which anyone on the path could forge", async () => {
    const { client, responder } = setup();
    await client.ensureOpen();
    let calls = 0;
    server.use(
      http.post(`${API_BASE}/envelope/send`, () => {
        // The server ran the call; someone on the path answers a forged 401 in its place.
        calls += 1;
        return errorResponse(401, "TUNNEL_ERROR", "unknown or expired tunnel session", "/x");
      }),
    );
    const response = await client.request("POST", "/envelope/send", { body: json({}) });
    expect(response.status).toBe(401);
    expect(response.encrypted).toBe(false);
    expect(calls).toBe(1);
    // The session is dropped all the same: the next call opens a new one.
    expect(client.isOpen()).toBe(false);
    await client.request("POST", "/x", { body: json({}) });
    expect(responder.stats.hellos).toBe(2);
  });

  it("does not loop: a second 401 is surfaced and the session dropped", async () => {
    // A server that takes no first request: each attempt is a call of its own.
    const { client, responder } = setup({}, createTestResponder({ firstRequest: false }));
    let calls = 0;
    server.use(
      http.post(`${API_BASE}/x`, () => {
        calls += 1;
        return errorResponse(401, "TUNNEL_ERROR", "unknown or expired tunnel session", "/x");
      }),
    );
    const response = await client.request("POST", "/x", { body: json({}), idempotent: true });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "TUNNEL_ERROR" } });
    expect(calls).toBe(2);
    expect(responder.stats.hellos).toBe(2);
    expect(client.isOpen()).toBe(false);
  });

  it("does not re-handshake on a 401 that is not a TUNNEL_ERROR", async () => {
    const { client, responder } = setup();
    server.use(
      http.post(`${API_BASE}/x`, () => errorResponse(401, "AUTHENTICATION_ERROR", "log in", "/x")),
    );
    const response = await client.request("POST", "/x", { body: json({}) });
    expect(response.status).toBe(401);
    expect(responder.stats.hellos).toBe(1);
    expect(client.isOpen()).toBe(true);
  });

  it("re-seals the retried call for the new session (beforeSend runs again)", async () => {
    const { client, responder } = setup();
    await client.ensureOpen();
    responder.forgetSessions();
    const sessions: (string | null)[] = [];
    await client.request("POST", "/x", {
      body: json({}),
      idempotent: true,
      beforeSend: ({ headers }) => {
        sessions.push(headers.get(SESSION_ID_HEADER));
      },
    });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).not.toBe(sessions[1]);
  });
});

describe("createTunnelClient: handshake failures", () => {
  it("retries a failed step after 250 ms x 1.5^n + jitter", async () => {
    const { client, sleeps } = setup();
    const calls = interceptHandshake((call) =>
      call <= 1 ? errorResponse(503, "UNAVAILABLE", "starting", "/tunnel/session") : undefined,
    );
    await client.ensureOpen();
    expect(client.isOpen()).toBe(true);
    expect(calls()).toBe(3);
    expect(sleeps).toEqual([handshakeBackoffMs(0, () => 0.5)]);
    expect(sleeps).toEqual([350]);
  });

  it("MAX_HANDSHAKE_STEPS_REACHED: never more than 4 handshake POSTs", async () => {
    const { client, sleeps, responder } = setup();
    // Hello succeeds, finished fails, every time: hello, finished, hello, finished = 4 POSTs.
    const calls = interceptHandshake((_call, request) =>
      request.headers.has(SESSION_ID_HEADER)
        ? errorResponse(503, "UNAVAILABLE", "busy", "/tunnel/session")
        : undefined,
    );
    const error = await failure(client.ensureOpen());
    expect(error.code).toBe("MAX_HANDSHAKE_STEPS_REACHED");
    expect((error.cause as TunnelError).code).toBe("SERVER_STATUS");
    expect(calls()).toBe(4);
    expect(responder.stats.hellos).toBe(2);
    expect(sleeps).toEqual([350]);
  });

  it("MAX_HANDSHAKE_STEPS_REACHED: a network failing on every step", async () => {
    const { client, sleeps } = setup();
    const calls = interceptHandshake(() => HttpResponse.error());
    const error = await failure(client.ensureOpen());
    expect(error.code).toBe("MAX_HANDSHAKE_STEPS_REACHED");
    expect((error.cause as TunnelError).code).toBe("FAILED_TO_ESTABLISH_SESSION");
    expect(calls()).toBe(3); // a 4th hello could not be followed by its finished step
    expect(sleeps).toEqual([350, 475]);
  });

  it("EMPTY_RESPONSE is retried, and reported when it persists", async () => {
    const { client } = setup();
    interceptHandshake((call) =>
      call === 1
        ? new HttpResponse(null, { status: 200, headers: { [SESSION_ID_HEADER]: "sid" } })
        : undefined,
    );
    await client.ensureOpen();
    expect(client.isOpen()).toBe(true);

    const second = setup();
    interceptHandshake(
      () => new HttpResponse(null, { status: 200, headers: { [SESSION_ID_HEADER]: "sid" } }),
    );
    const error = await failure(second.client.ensureOpen());
    expect(error.code).toBe("MAX_HANDSHAKE_STEPS_REACHED");
    expect((error.cause as TunnelError).code).toBe("EMPTY_RESPONSE");
  });

  it("SERVER_STATUS: a 4xx handshake answer fails at once, with its status", async () => {
    const { client, sleeps } = setup();
    const calls = interceptHandshake(() =>
      errorResponse(400, "TUNNEL_ERROR", "malformed client hello", "/tunnel/session"),
    );
    const error = await failure(client.ensureOpen());
    expect(error.code).toBe("SERVER_STATUS");
    expect(error.status).toBe(400);
    expect(error.message).toContain("TUNNEL_ERROR");
    expect(calls()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("NO_SESSION_ID: the hello's answer lacks X-Session-Id", async () => {
    const { client } = setup();
    interceptHandshake(() => new HttpResponse(new Uint8Array([1, 2, 3]), { status: 200 }));
    expect(await codeOf(client.ensureOpen())).toBe("NO_SESSION_ID");
  });

  it("FAILED_TO_ESTABLISH_SESSION: a malformed server hello", async () => {
    const { client } = setup();
    interceptHandshake(
      () =>
        new HttpResponse(encodeHandshakeFrame(HandshakeMessageType.ServerHello, utf8("{}")), {
          status: 200,
          headers: { [SESSION_ID_HEADER]: "sid" },
        }),
    );
    expect(await codeOf(client.ensureOpen())).toBe("FAILED_TO_ESTABLISH_SESSION");
  });

  it("EVIDENCE_REJECTED: a failed verification aborts, and its status reaches onAttestation", async () => {
    const onAttestation = vi.fn();
    const responder = createTestResponder({
      makeEvidence: (fields) => ({ ...fields, format: "forged" }),
    });
    const { client } = setup({ onAttestation }, responder);
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe(
      "EVIDENCE_REJECTED",
    );
    expect(onAttestation).toHaveBeenCalledWith(expect.objectContaining({ ok: false }));
    expect(client.getAttestationStatus()).toMatchObject({ status: "GenericFailure" });
    expect(responder.stats.requests).toBe(0);
  });

  it("KEY_CONFIRMATION_FAILED: the session never opens", async () => {
    const { client, responder } = setup({}, createTestResponder({ tamperServerFinished: true }));
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe(
      "KEY_CONFIRMATION_FAILED",
    );
    expect(client.isOpen()).toBe(false);
    expect(responder.stats.requests).toBe(0);
  });

  it("MAX_CONSECUTIVE_FAILURES: fails fast after 3 failed handshakes, until reset()", async () => {
    const { client, sleeps } = setup();
    let failing = true;
    const calls = interceptHandshake(() =>
      failing ? errorResponse(400, "TUNNEL_ERROR", "no", "/tunnel/session") : undefined,
    );
    for (let i = 0; i < 3; i++) expect(await codeOf(client.ensureOpen())).toBe("SERVER_STATUS");
    expect(sleeps).toEqual([350, 475]); // backoff between attempts
    const error = await failure(client.request("POST", "/x", { body: json({}) }));
    expect(error.code).toBe("MAX_CONSECUTIVE_FAILURES");
    expect(error.message).toContain("maximum consecutive failures reached");
    expect(calls()).toBe(3);
    failing = false;
    expect(await codeOf(client.ensureOpen())).toBe("MAX_CONSECUTIVE_FAILURES");
    client.reset();
    await client.ensureOpen();
    expect(client.isOpen()).toBe(true);
  });

  it("a success clears the count of consecutive failures", async () => {
    const { client } = setup();
    let failing = true;
    interceptHandshake(() =>
      failing ? errorResponse(400, "TUNNEL_ERROR", "no", "/tunnel/session") : undefined,
    );
    await failure(client.ensureOpen());
    await failure(client.ensureOpen());
    failing = false;
    await client.ensureOpen();
    failing = true;
    client.destroy();
    await failure(client.ensureOpen());
    await failure(client.ensureOpen());
    expect(await codeOf(client.ensureOpen())).toBe("SERVER_STATUS"); // third failure, not fail-fast
    expect(await codeOf(client.ensureOpen())).toBe("MAX_CONSECUTIVE_FAILURES");
  });
});

describe("createTunnelClient: lock", () => {
  it("LOCK_TIMEOUT: a queued caller gives up after 5 s; the handshake itself completes", async () => {
    vi.useFakeTimers();
    const responder = createTestResponder();
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      await gate;
      return responder.handshake(new Request(input, init));
    });
    const client = createTunnelClient({
      baseUrl: API_BASE,
      fetch,
      verifyEvidence: verifyTestEvidence,
      sleep: async () => {},
    });

    const first = client.ensureOpen();
    let settled: unknown = "pending";
    const second = client.ensureOpen().then(
      () => "opened",
      (error: unknown) => error,
    );
    void second.then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(isTunnelError(settled, "LOCK_TIMEOUT")).toBe(true);

    openGate();
    await first;
    expect(client.isOpen()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a queued caller finds the session opened by the lock holder", async () => {
    vi.useFakeTimers();
    const responder = createTestResponder();
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      await gate;
      return responder.handshake(new Request(input, init));
    });
    const client = createTunnelClient({
      baseUrl: API_BASE,
      fetch,
      verifyEvidence: verifyTestEvidence,
    });
    const waiting = [client.ensureOpen(), client.ensureOpen(), client.ensureOpen()];
    await vi.advanceTimersByTimeAsync(1000);
    openGate();
    await Promise.all(waiting);
    expect(responder.stats.hellos).toBe(1);
  });

  it("destroy() during a handshake keeps that session out of the client", async () => {
    const responder = createTestResponder();
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      await gate;
      return responder.handshake(new Request(input, init));
    });
    const client = createTunnelClient({
      baseUrl: API_BASE,
      fetch,
      verifyEvidence: verifyTestEvidence,
    });
    const opening = client.ensureOpen();
    client.destroy(); // logout while the handshake runs
    openGate();
    await opening;
    expect(client.isOpen()).toBe(false);
  });
});

describe("createTunnelClient: request errors", () => {
  it("EMPTY_REQUEST_BODY: a call without a body, before any handshake", async () => {
    const { client, responder } = setup();
    expect(await codeOf(client.request("POST", "/x", { body: new Uint8Array(0) }))).toBe(
      "EMPTY_REQUEST_BODY",
    );
    expect(responder.stats.hellos).toBe(0);
  });

  it("WRITE_ERROR: an absolute URL as path, or a GET", async () => {
    const { client } = setup();
    expect(await codeOf(client.request("POST", "https://evil.example/x", { body: json({}) }))).toBe(
      "WRITE_ERROR",
    );
    expect(await codeOf(client.request("GET", "/x", { body: json({}) }))).toBe("WRITE_ERROR");
  });

  it("EMPTY_RESPONSE_DATA: an encrypted-response header on an empty body", async () => {
    const { client } = setup();
    server.use(
      http.post(
        `${API_BASE}/x`,
        () =>
          new HttpResponse(null, { status: 200, headers: { [ENCRYPTED_RESPONSE_HEADER]: "1" } }),
      ),
    );
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe(
      "EMPTY_RESPONSE_DATA",
    );
  });

  it("EMPTY_DECRYPTED_MESSAGE: a sealed empty answer", async () => {
    const { client } = setup(
      {},
      createTestResponder({ route: () => ({ status: 200, body: new Uint8Array(0) }) }),
    );
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe(
      "EMPTY_DECRYPTED_MESSAGE",
    );
  });

  it("DECRYPT_FAILED: a tampered sealed response", async () => {
    const responder = createTestResponder();
    const { client } = setup({}, responder);
    server.use(
      http.post(`${API_BASE}/x`, async ({ request }) => {
        const genuine = await responder.handle(request);
        const body = new Uint8Array(await genuine.arrayBuffer());
        body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
        return new HttpResponse(body, { status: genuine.status, headers: genuine.headers });
      }),
    );
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe("DECRYPT_FAILED");
  });

  it("DECRYPT_FAILED: another call's sealed response replayed to this call", async () => {
    const responder = createTestResponder();
    const { client } = setup({}, responder);
    let captured: Response | null = null;
    server.use(
      http.post(`${API_BASE}/x`, async ({ request }) => {
        const genuine = await responder.handle(request);
        if (!captured) {
          captured = genuine.clone();
          return genuine;
        }
        return captured.clone();
      }),
    );
    await client.request("POST", "/x", { body: json({ first: true }) });
    expect(await codeOf(client.request("POST", "/x", { body: json({ second: true }) }))).toBe(
      "DECRYPT_FAILED",
    );
  });

  it("DECRYPT_FAILED: a response whose HTTP status was changed on the way", async () => {
    const responder = createTestResponder();
    const { client } = setup({}, responder);
    server.use(
      http.post(`${API_BASE}/x`, async ({ request }) => {
        const genuine = await responder.handle(request);
        return new HttpResponse(await genuine.arrayBuffer(), {
          status: 403,
          headers: genuine.headers,
        });
      }),
    );
    expect(await codeOf(client.request("POST", "/x", { body: json({}) }))).toBe("DECRYPT_FAILED");
  });

  it("passes a non-2xx sealed answer through with its status", async () => {
    const responder = createTestResponder({
      route: () => ({ status: 404, body: json({ statusCode: 404 }) }),
    });
    const { client } = setup({}, responder);
    const response = await client.request("POST", "/x", { body: json({}) });
    expect(response.status).toBe(404);
    expect(response.ok).toBe(false);
    expect(response.encrypted).toBe(true);
    expect(await response.text()).toBe('{"statusCode":404}');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(json({ statusCode: 404 }));
  });

  it("CLIENT_NOT_INITIALIZED: no WebCrypto (an insecure browser context)", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const client = createTunnelClient({
      baseUrl: API_BASE,
      fetch,
      verifyEvidence: verifyTestEvidence,
    });
    vi.stubGlobal("crypto", {});
    expect(await codeOf(client.ensureOpen())).toBe("CLIENT_NOT_INITIALIZED");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lets a network failure of a call reject with the fetch error", async () => {
    const { client } = setup();
    await client.ensureOpen();
    server.use(http.post(`${API_BASE}/x`, () => HttpResponse.error()));
    await expect(client.request("POST", "/x", { body: json({}) })).rejects.toThrow(TypeError);
  });
});

describe("createTunnelClient: the first call with the handshake's second message", () => {
  /** Handshake POSTs, by frame type, passed on to the responder. */
  function handshakeFrames() {
    const types: number[] = [];
    const bodies: Uint8Array[] = [];
    interceptHandshake((_call, request) => {
      void request
        .clone()
        .arrayBuffer()
        .then((buffer) => {
          bodies.push(new Uint8Array(buffer));
          types.push(new Uint8Array(buffer)[1] ?? 0);
        });
      return undefined;
    });
    return { types, bodies };
  }

  it("sends an idempotent call with the ClientFinished and opens the answer that comes with the server's", async () => {
    const { client, responder } = setup();
    const { types } = handshakeFrames();
    const seen: { sessionId: string | null; seq: number }[] = [];
    const response = await client.request("POST", "/envelope/open", {
      body: json({ token: "t" }),
      idempotent: true,
      headers: { "Accept-Language": "fr" },
      beforeSend: ({ headers, body }) => {
        seen.push({
          sessionId: headers.get(SESSION_ID_HEADER),
          seq: decodeSealedMessage(body).seq,
        });
        headers.set("X-Timestamp", "1700000000");
      },
    });
    expect(response.status).toBe(200);
    expect(response.encrypted).toBe(true);
    expect(await response.json()).toEqual({
      method: "POST",
      path: "/envelope/open",
      received: '{"token":"t"}',
    });
    // Two POSTs in all: the hello, then the ClientFinishedWithRequest; no call of its own.
    expect(types).toEqual([HandshakeMessageType.ClientHello, 5]);
    expect(responder.stats).toEqual({ hellos: 1, finishes: 1, requests: 1, firstRequests: 1 });
    // Sealed for the new session (sequence number 0) and signed by beforeSend as any call.
    expect(seen).toEqual([{ sessionId: responder.openSessionIds[0], seq: 0 }]);
    expect(client.isOpen()).toBe(true);
    // The session goes on from sequence number 1.
    await client.request("POST", "/x", { body: json({}) });
    expect(responder.stats.requests).toBe(2);
  });

  it("carries the headers the request's signature needs to the route", async () => {
    const received: Headers[] = [];
    const responder = createTestResponder({
      route: ({ headers }) => {
        received.push(headers);
        return { status: 200, body: json({}) };
      },
    });
    const { client } = setup({}, responder);
    await client.request("POST", "/envelope/open", {
      body: json({}),
      idempotent: true,
      headers: { Accept: "application/json" },
      beforeSend: ({ headers }) => {
        headers.set("Signature", "sig=:AAAA:");
        headers.set("Signature-Input", 'sig=("@method");created=1');
        headers.set("Content-Digest", "sha-256=:BBBB:");
      },
    });
    expect(responder.stats.firstRequests).toBe(1);
    const headers = received[0] as Headers;
    expect(headers.get("signature")).toBe("sig=:AAAA:");
    expect(headers.get("signature-input")).toBe('sig=("@method");created=1');
    expect(headers.get("content-digest")).toBe("sha-256=:BBBB:");
    expect(headers.get("accept")).toBe("application/json");
    expect(headers.get("content-type")).toBe(TUNNEL_CONTENT_TYPE);
  });

  it("never opens the answer when the server's confirmation does not match the transcript", async () => {
    const { client, responder } = setup({}, createTestResponder({ tamperServerFinished: true }));
    const error = await failure(
      client.request("POST", "/envelope/open", { body: json({}), idempotent: true }),
    );
    expect(error.code).toBe("KEY_CONFIRMATION_FAILED");
    expect(responder.stats.firstRequests).toBe(1);
    expect(client.isOpen()).toBe(false);
  });

  it("a call that is not idempotent, or that cannot ride, is sent on its own after the handshake", async () => {
    const { client, responder } = setup();
    const { types } = handshakeFrames();
    await client.request("POST", "/envelope/sign", { body: json({}) });
    expect(types).toEqual([HandshakeMessageType.ClientHello, HandshakeMessageType.ClientFinished]);
    client.destroy();
    // A header the ClientFinishedWithRequest does not carry.
    await client.request("POST", "/x", {
      body: json({}),
      idempotent: true,
      headers: { "X-Custom": "1" },
    });
    client.destroy();
    // An upload that reports its progress.
    await client.request("POST", "/x", {
      body: json({}),
      idempotent: true,
      onUploadProgress: () => undefined,
    });
    client.destroy();
    // A body larger than the server takes with the handshake.
    const large = await client.request("POST", "/x", {
      body: json({ text: "x".repeat(70_000) }),
      idempotent: true,
    });
    expect(large.status).toBe(200);
    expect(types.filter((type) => type === 5)).toEqual([]);
    expect(responder.stats).toMatchObject({ hellos: 4, requests: 4, firstRequests: 0 });
  });

  it("an older server, whose hello offers nothing, gets the ClientFinished and then the call", async () => {
    const { client, responder } = setup({}, createTestResponder({ firstRequest: false }));
    const { types } = handshakeFrames();
    const response = await client.request("POST", "/envelope/open", {
      body: json({}),
      idempotent: true,
    });
    expect(response.status).toBe(200);
    expect(types).toEqual([HandshakeMessageType.ClientHello, HandshakeMessageType.ClientFinished]);
    expect(responder.stats).toEqual({ hellos: 1, finishes: 1, requests: 1, firstRequests: 0 });
  });

  it("a replay of the combined message is refused and runs nothing; its request cannot be replayed in the session either", async () => {
    const { client, responder } = setup();
    const { bodies } = handshakeFrames();
    await client.request("POST", "/envelope/open", { body: json({}), idempotent: true });
    const sessionId = responder.openSessionIds[0] as string;
    const combined = bodies[1] as Uint8Array;
    const replay = await responder.handshake(
      new Request(`${API_BASE}/tunnel/session`, {
        method: "POST",
        headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: sessionId },
        body: combined,
      }),
    );
    expect(replay.status).toBe(401);
    // The sealed request inside it, sent as a call of the session: seq 0 was taken.
    const sealed = combined.subarray(combined.length - decodeSealedTail(combined));
    const again = await responder.handle(
      new Request(`${API_BASE}/envelope/open`, {
        method: "POST",
        headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: sessionId },
        body: sealed,
      }),
    );
    expect(again.status).toBe(400);
    expect(responder.stats).toMatchObject({ requests: 1, firstRequests: 1 });
  });

  it("a transient failure of the combined step starts over and sends the call again, sealed for the new session", async () => {
    const { client, responder } = setup();
    const calls = interceptHandshake((call) =>
      call === 2 ? errorResponse(503, "UNAVAILABLE", "busy", "/tunnel/session") : undefined,
    );
    const sessions: (string | null)[] = [];
    const response = await client.request("POST", "/envelope/open", {
      body: json({}),
      idempotent: true,
      beforeSend: ({ headers }) => {
        sessions.push(headers.get(SESSION_ID_HEADER));
      },
    });
    expect(response.status).toBe(200);
    expect(calls()).toBe(4);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).not.toBe(sessions[1]);
    expect(responder.stats).toMatchObject({ hellos: 2, finishes: 1, firstRequests: 1 });
  });

  it("a plaintext TUNNEL_ERROR 401 inside the answer is handled as a call's: sent again once, then returned", async () => {
    const { client, responder } = setup();
    let calls = 0;
    responder.handle = async () => {
      calls += 1;
      return errorResponse(401, "TUNNEL_ERROR", "unknown or expired tunnel session", "/x");
    };
    const response = await client.request("POST", "/x", { body: json({}), idempotent: true });
    expect(response.status).toBe(401);
    expect(response.encrypted).toBe(false);
    expect(calls).toBe(2);
    expect(responder.stats).toMatchObject({ hellos: 2, firstRequests: 2 });
    expect(client.isOpen()).toBe(false);
  });

  it("a beforeSend that throws fails the call with its own error, not as a failed handshake", async () => {
    const { client } = setup();
    const refusal = new Error("no credential");
    await expect(
      client.request("POST", "/x", {
        body: json({}),
        idempotent: true,
        beforeSend: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
  });
});

/** The length of the sealed message at the end of a ClientFinishedWithRequest frame. */
function decodeSealedTail(frame: Uint8Array): number {
  let at = 6 + 82;
  const u16 = () => {
    const value = ((frame[at] ?? 0) << 8) | (frame[at + 1] ?? 0);
    at += 2;
    return value;
  };
  at += u16(); // method
  at += u16(); // path
  const count = frame[at] ?? 0;
  at += 1;
  for (let i = 0; i < count; i++) {
    at += u16();
    at += u16();
  }
  return frame.length - at;
}
