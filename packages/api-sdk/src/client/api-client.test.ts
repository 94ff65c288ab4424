import { isTunnelError } from "@paraphe/tunnel-client";
import { decodeSealedRequest } from "@paraphe/tunnel-client/protocol";
import {
  createTestResponder,
  verifyTestEvidence,
  type Route,
  type RouteRequest,
} from "@paraphe/tunnel-client/testing";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isApiError, isTunnelSessionLost, type ApiError } from "../errors/api-error";
import { API_BASE, tunnelHandlers } from "../test/tunnel-handlers";
import { endpoints } from "../contract/endpoints";
import { createApiClient, isReadCall, type ApiClientOptions } from "./api-client";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const APP = { accessKey: "test-app", secretKey: "test-app-secret-key" };
const MEMBER = { accessKey: "ses_member", secretKey: "member-secret-key" };

const PROFILE = {
  email: "ada@example.com",
  firstname: "Ada",
  lastname: "Lovelace",
  phone: null,
  preferredLanguage: "en",
  profilePictureUrl: "http://api.test/public/avatars/abc",
  hasProfilePicture: false,
  team: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
};

const json = (status: number, value: unknown) => ({
  status,
  body: new TextEncoder().encode(JSON.stringify(value)),
});

function structuredError(status: number, code: string, path: string) {
  return json(status, {
    statusCode: status,
    error: { code, message: `${code} message`, suggestion: "", documentationUrl: "" },
    requestId: "req-1",
    timestamp: "2026-11-22T10:00:00.000Z",
    path,
  });
}

function setup(route: Route, overrides: Partial<ApiClientOptions> = {}) {
  const responder = createTestResponder({ route });
  server.use(...tunnelHandlers(responder));
  const api = createApiClient({
    baseUrl: API_BASE,
    verifyEvidence: verifyTestEvidence,
    appCredential: APP,
    credential: MEMBER,
    ...overrides,
  });
  return { api, responder };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

function keyIdOf(request: RouteRequest): string | undefined {
  return /keyid="([^"]+)"/.exec(request.headers.get("Signature-Input") ?? "")?.[1];
}

describe("createApiClient", () => {
  it("sends a member call through the tunnel, signed with the session credential, and checks the answer", async () => {
    const seen: RouteRequest[] = [];
    const { api } = setup((request) => {
      seen.push(request);
      return json(200, PROFILE);
    });
    await expect(api.user.profile({})).resolves.toEqual(PROFILE);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe("/user/profile");
    expect(keyIdOf(seen[0]!)).toBe(MEMBER.accessKey);
    const headers = seen[0]!.headers;
    expect(headers.get("Signature")).toMatch(/^sig1=:[A-Za-z0-9+/]+=*:$/);
    expect(headers.get("Content-Digest")).toMatch(/^sha-256=:[A-Za-z0-9+/]{43}=:$/);
    expect(headers.get("Digest")).toMatch(/^SHA-256=[A-Za-z0-9+/]{43}=$/);
    const timestamp = Number(headers.get("X-Timestamp"));
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it("signs public calls with the app-level credential", async () => {
    const seen: RouteRequest[] = [];
    const { api } = setup((request) => {
      seen.push(request);
      return json(200, { sent: true, expiresInSeconds: 600 });
    });
    await api.authentication.requestCode({ email: "Ada@Example.com" });
    expect(keyIdOf(seen[0]!)).toBe(APP.accessKey);
  });

  it("signs a script's calls with a team API key, through the tunnel", async () => {
    const KEY = { accessKey: "pak_integration", secretKey: "integration-secret-key" };
    const seen: RouteRequest[] = [];
    const { api } = setup(
      (request) => {
        seen.push(request);
        return json(200, { templates: [], nextCursor: null });
      },
      { credential: undefined, apiKey: KEY },
    );
    await expect(api.template.list({ limit: 10 })).resolves.toEqual({
      templates: [],
      nextCursor: null,
    });
    expect(seen[0]?.path).toBe("/template/list");
    expect(keyIdOf(seen[0]!)).toBe(KEY.accessKey);
  });

  it("takes a session credential or an API key, not both", () => {
    expect(() =>
      createApiClient({
        baseUrl: API_BASE,
        verifyEvidence: verifyTestEvidence,
        credential: MEMBER,
        apiKey: { accessKey: "pak_x", secretKey: "y" },
      }),
    ).toThrow(TypeError);
  });

  it("refuses a member call when nobody is signed in, without sending it, and reports it", async () => {
    const route = vi.fn(() => json(200, PROFILE));
    const onAuthenticationError = vi.fn();
    const { api } = setup(route, { credential: () => null, onAuthenticationError });
    const error = await rejection(api.user.profile({}));
    expect(error).toMatchObject({ code: "AUTHENTICATION_ERROR", statusCode: 401 });
    expect(onAuthenticationError).toHaveBeenCalledWith(error);
    expect(route).not.toHaveBeenCalled();
  });

  it("checks the request against the contract before sending it", async () => {
    const route = vi.fn(() => json(200, {}));
    const { api } = setup(route);
    const error = await rejection(
      api.team.create({ name: "ab", firstname: "Ada", lastname: "Lovelace" }),
    );
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details).toEqual([
      expect.objectContaining({ path: "name", message: "too_short" }),
    ]);
    expect(route).not.toHaveBeenCalled();
  });

  it("rejects with the api's structured error", async () => {
    const { api } = setup(({ path }) => structuredError(409, "CONFLICT", path));
    const error = await rejection(
      api.team.create({ name: "Acme", firstname: "Ada", lastname: "Lovelace" }),
    );
    expect(error).toMatchObject({
      statusCode: 409,
      code: "CONFLICT",
      message: "CONFLICT message",
      requestId: "req-1",
      path: "/team/create",
    });
  });

  it("calls the authentication hook on a sealed 401 AUTHENTICATION_ERROR", async () => {
    const onAuthenticationError = vi.fn();
    const { api } = setup(({ path }) => structuredError(401, "AUTHENTICATION_ERROR", path), {
      onAuthenticationError,
    });
    const error = await rejection(api.user.profile({}));
    expect(error.code).toBe("AUTHENTICATION_ERROR");
    expect(onAuthenticationError).toHaveBeenCalledTimes(1);
  });

  it("never reports a plaintext 401 AUTHENTICATION_ERROR, which anyone on the path could forge, to the authentication hook", async () => {
    const onAuthenticationError = vi.fn();
    const { api } = setup(() => json(200, PROFILE), { onAuthenticationError });
    await api.user.profile({}); // open the session first
    server.use(
      http.post(`${API_BASE}/user/profile`, () =>
        HttpResponse.json(
          {
            statusCode: 401,
            error: {
              code: "AUTHENTICATION_ERROR",
              message: "Sign in again.",
              suggestion: "",
              documentationUrl: "",
            },
            requestId: "forged",
            timestamp: "2026-11-22T10:00:00.000Z",
            path: "/user/profile",
          },
          { status: 401 },
        ),
      ),
    );
    const error = await rejection(api.user.profile({}));
    expect(error).toMatchObject({ statusCode: 401, code: "AUTHENTICATION_ERROR" });
    expect(onAuthenticationError).not.toHaveBeenCalled();
  });

  it("turns a sealed non-OK answer without the error shape into GENERIC_ERROR 'An error occurred.'", async () => {
    const { api } = setup(() => ({ status: 502, body: new TextEncoder().encode("Bad gateway") }));
    const error = await rejection(api.user.profile({}));
    expect(error).toMatchObject({ statusCode: 502, code: "GENERIC_ERROR" });
    expect(error.message).toBe("An error occurred.");
  });

  it("turns a plaintext non-OK answer without the error shape into GENERIC_ERROR", async () => {
    const { api } = setup(() => json(200, PROFILE));
    await api.user.profile({}); // open the session first
    server.use(
      http.post(`${API_BASE}/user/profile`, () => new HttpResponse("oops", { status: 503 })),
    );
    const error = await rejection(api.user.profile({}));
    expect(error).toMatchObject({ statusCode: 503, code: "GENERIC_ERROR" });
  });

  it("turns a network failure into INTERNAL_SERVER_ERROR with status 500", async () => {
    const { api } = setup(() => json(200, PROFILE));
    await api.user.profile({});
    server.use(http.post(`${API_BASE}/user/profile`, () => HttpResponse.error()));
    const error = await rejection(api.user.profile({}));
    expect(error).toMatchObject({ statusCode: 500, code: "INTERNAL_SERVER_ERROR" });
  });

  it("rejects an answer that does not match the contract as GENERIC_ERROR", async () => {
    const { api } = setup(() => json(200, { email: 42 }));
    const error = await rejection(api.user.profile({}));
    expect(error.code).toBe("GENERIC_ERROR");
  });

  it("opens a new tunnel session and sends a read once more when the server forgot the session (TUNNEL_ERROR 401)", async () => {
    const route = vi.fn(() => json(200, PROFILE));
    const { api, responder } = setup(route);
    await api.user.profile({});
    responder.forgetSessions();
    await expect(api.user.profile({})).resolves.toEqual(PROFILE);
    expect(responder.stats.hellos).toBe(2);
    expect(route).toHaveBeenCalledTimes(2);
  });

  it("names the contract's reads idempotent, and nothing that writes", () => {
    const reads = Object.entries(endpoints).flatMap(([group, members]) =>
      Object.keys(members)
        .filter((name) => isReadCall(name))
        .map((name) => `${group}.${name}`),
    );
    expect(reads).toEqual(
      expect.arrayContaining(["user.profile", "envelope.list", "envelope.get"]),
    );
    for (const write of [
      "envelope.send",
      "envelope.sign",
      "envelope.cancel",
      "authentication.requestCode",
      "authentication.verifyCode",
      "team.updateMember",
      "template.bulkSend",
      "user.updateProfile",
    ]) {
      expect(reads).not.toContain(write);
    }
  });

  it("does not send a call again after a plaintext TUNNEL_ERROR 401 unless it is idempotent; the next call opens a new session", async () => {
    const route = vi.fn(() => json(200, { sent: true, expiresInSeconds: 600 }));
    const { api, responder } = setup(route);
    await api.authentication.requestCode({ email: "ada@example.com" });
    responder.forgetSessions();
    const error = await rejection(api.authentication.requestCode({ email: "ada@example.com" }));
    expect(error).toMatchObject({ statusCode: 401, code: "TUNNEL_ERROR" });
    expect(isTunnelSessionLost(error)).toBe(true);
    expect(route).toHaveBeenCalledTimes(1);
    await api.authentication.requestCode({ email: "ada@example.com" });
    expect(route).toHaveBeenCalledTimes(2);
    expect(responder.stats.hellos).toBe(2);
  });

  it("leaves failures of the secure session itself as tunnel errors (the retry rules read their codes)", async () => {
    const { api } = setup(() => json(200, PROFILE), {
      verifyEvidence: async () => ({ ok: false, status: { status: "GenericFailure" } }),
    });
    const error: unknown = await api.user.profile({}).catch((caught: unknown) => caught);
    expect(isTunnelError(error)).toBe(true);
  });

  it("sends the interface language as Accept-Language", async () => {
    const seen: RouteRequest[] = [];
    const { api } = setup(
      (request) => {
        seen.push(request);
        return json(200, PROFILE);
      },
      { language: () => "fr" },
    );
    await api.user.profile({});
    expect(seen[0]?.headers.get("Accept-Language")).toBe("fr");
  });

  it("seals the caller's traceparent inside each call, read at every call, and leaves an invalid one out", async () => {
    const bodies: Uint8Array[] = [];
    let current: string | undefined = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const { api } = setup(
      (request) => {
        bodies.push(request.body);
        return json(200, PROFILE);
      },
      { traceparent: () => current },
    );
    await api.user.profile({});
    current = "not-a-traceparent";
    await api.user.profile({});
    expect(decodeSealedRequest(bodies[0] ?? new Uint8Array()).meta).toEqual({
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    });
    expect(decodeSealedRequest(bodies[1] ?? new Uint8Array())).toEqual({
      meta: {},
      body: new TextEncoder().encode("{}"),
    });
  });
});
