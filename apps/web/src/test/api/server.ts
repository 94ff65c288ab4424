import { type TunnelClient, type TunnelResponse } from "@paraphe/tunnel-client";
import { vi, type Mock } from "vitest";

/** What a handler answers: a JSON body and a status. */
export interface HandlerAnswer {
  status: number;
  body?: unknown;
}

export interface HandlerRequest {
  path: string;
  body: unknown;
  headers: Headers;
}

/** Answers one api path, like an msw resolver: `(request) => ok({...})`. */
export type Handler = (request: HandlerRequest) => HandlerAnswer | Promise<HandlerAnswer>;

export type Handlers = Record<string, Handler>;

/** A 200 answer with a JSON body. */
export function ok(body: unknown): HandlerAnswer {
  return { status: 200, body };
}

/** An error answer in the spec's shape (§8), with field problems for a VALIDATION_ERROR. */
export function apiError(
  status: number,
  code: string,
  fields?: { path: string; message: string; code?: string; params?: Record<string, number> }[],
): HandlerAnswer {
  return {
    status,
    body: {
      statusCode: status,
      error: {
        code,
        message: `${code} (raw message the app must not show)`,
        suggestion: "",
        documentationUrl: "",
        ...(fields
          ? { fields: fields.map((field) => ({ code: field.code ?? "custom", ...field })) }
          : {}),
      },
      requestId: "req_test",
      timestamp: new Date(0).toISOString(),
      path: "/",
    },
  };
}

function response(answer: HandlerAnswer): TunnelResponse {
  const bytes = new TextEncoder().encode(
    answer.body === undefined ? "" : JSON.stringify(answer.body),
  );
  const text = new TextDecoder().decode(bytes);
  return {
    status: answer.status,
    statusText: "",
    ok: answer.status >= 200 && answer.status < 300,
    headers: new Headers({ "Content-Type": "application/json" }),
    encrypted: true,
    body: bytes,
    arrayBuffer: async () => bytes.slice().buffer,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

export interface TestServer {
  /** A tunnel answering from the handlers, in place of the encrypted one (the api client is real). */
  tunnel: TunnelClient & {
    ensureOpen: Mock<() => Promise<void>>;
    destroy: Mock<() => void>;
    reset: Mock<() => void>;
  };
  /** Replaces handlers for the rest of the test (`server.use({...})`, as msw does). */
  use(handlers: Handlers): void;
  /** Every call, in order: path and JSON body. */
  calls: { path: string; body: unknown }[];
  /** The bodies sent to one path. */
  bodiesOf(path: string): unknown[];
}

/** An in-memory api behind a fake tunnel: the real api client runs on top of it. */
export function createTestServer(initial: Handlers): TestServer {
  let handlers: Handlers = { ...initial };
  const calls: TestServer["calls"] = [];
  const tunnel = {
    ensureOpen: vi.fn(async () => {}),
    isOpen: () => true,
    destroy: vi.fn(),
    reset: vi.fn(),
    getAttestationResults: () => null,
    getAttestationStatus: () => null,
    getLastAttestation: () => null,
    async request(
      _method: string,
      path: string,
      options: {
        body: Uint8Array;
        headers?: unknown;
        onUploadProgress?: (progress: { sent: number; total: number }) => void;
      },
    ) {
      const body = JSON.parse(new TextDecoder().decode(options.body)) as unknown;
      calls.push({ path, body });
      // As a browser's upload goes: the whole body out, then the server's answer.
      const total = options.body.byteLength;
      options.onUploadProgress?.({ sent: 0, total });
      options.onUploadProgress?.({ sent: total, total });
      const handler = handlers[path];
      if (!handler) return response(apiError(404, "NOT_FOUND"));
      return response(
        await handler({ path, body, headers: new Headers(options.headers as HeadersInit) }),
      );
    },
  };
  return {
    tunnel,
    use: (next) => {
      handlers = { ...handlers, ...next };
    },
    calls,
    bodiesOf: (path) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}
