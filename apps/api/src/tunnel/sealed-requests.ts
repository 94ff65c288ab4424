import {
  buildAssociatedData,
  canonicalMethod,
  canonicalPath,
  decodeSealedMessage,
  decodeSealedRequest,
  ENCRYPTED_RESPONSE_HEADER,
  isValidSessionId,
  PROTOCOL_VERSION,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  type SealedMessage,
  type SessionSecrets,
} from "@paraphe/tunnel-client/protocol";
import { isUtf8 } from "node:buffer";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { AppError } from "../errors/app-error";
import type { AppEnv } from "../http/context";
import { headersMayChange } from "../http/response-headers";
import { runInTunnelledSpan } from "../telemetry/request-telemetry";
import { openSealed, seal } from "./aead";
import { readBodyUpTo } from "./read-body";
import type { OpenTunnelSession } from "./session-store";
import type { Tunnel } from "./tunnel";
import { messageRefused, sessionUnknown } from "./tunnel-error";

/**
 * Paths answered in plaintext, outside the tunnel: liveness and readiness, the handshake itself, what clients
 * need before they can check the server (attestation reference values), public data (profile
 * pictures), the development mailbox and the documentation (`/docs/*`, `/openapi.json`). Only routes under these paths may be
 * registered before the tunnel middleware; every route registered after it takes sealed requests
 * only.
 */
export function isPublicPath(path: string): boolean {
  return (
    path === "/health" ||
    path === "/ready" ||
    path === "/tunnel/session" ||
    path === "/openapi.json" ||
    path.startsWith("/attestation/") ||
    path.startsWith("/dev/") ||
    path.startsWith("/public/") ||
    path.startsWith("/docs/")
  );
}

/** Largest sealed request body read (32 MiB); a larger one is answered 413 before it is read. */
export const MAX_SEALED_REQUEST_BYTES = 32 * 1024 * 1024;

export interface SealedRequestsOptions {
  tunnel: Tunnel;
  /** Turns anything thrown into the error answer (the app's error handler). */
  handleError: (thrown: unknown, c: Context<AppEnv>) => Response | Promise<Response>;
  maxBodyBytes?: number;
}

const OCTET_STREAM = /^application\/octet-stream\s*(;|$)/i;
/** Statuses whose answers cannot carry a body; their sealed answer is sent as 200. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const EMPTY_JSON = new TextEncoder().encode("{}");
/** Headers of a plaintext answer that do not describe its sealed body. */
const PLAINTEXT_BODY_HEADERS = [
  "Content-Length",
  "Content-Encoding",
  "Content-Disposition",
  "ETag",
  "Last-Modified",
];

interface OpenedRequest {
  session: OpenTunnelSession;
  method: string;
  path: string;
  seq: number;
  /** The W3C trace context sealed with the request, if any (the README of the tunnel client). */
  traceparent?: string;
}

/**
 * Registers the tunnel middleware on `app`. Call it after the public routes (see
 * {@link isPublicPath}) and before every other route: a request that a later route matches must be
 * sealed for an open session, and is refused otherwise, in plaintext, without the route running:
 *
 * 1. no `X-Session-Id`, or an unknown or expired session: TUNNEL_ERROR 401 (the client opens a new
 *    session and sends the call again once);
 * 2. not `application/octet-stream`, no body, a malformed frame: TUNNEL_ERROR 400;
 * 3. a sequence number already accepted, or older than the replay window: TUNNEL_ERROR 400;
 * 4. a body that does not authenticate under the session's request key, with the associated data
 *    of this method, path, session and sequence number (tampered, truncated, sealed for another
 *    session, path or method): TUNNEL_ERROR 400;
 * 5. the sequence number accepted atomically (a concurrent twin loses with 400); an empty body: 400.
 *
 * The opened body then replaces the request's (as `application/json`), the request signature is
 * checked (`VerifyRequestSignature`, `tunnelled-request.ts`), the route runs, and its answer, errors included, is
 * sealed under the session's response key with the next response sequence number and sent with
 * `X-Encrypted-Response: 1`. A request that no later route matches goes on unsealed to the
 * not-found handler (404 or 405, nothing runs). Global middleware (`app.use(fn)`) registered later
 * does not make a path sealed, so it must never answer a request itself.
 */
export function registerSealedRequests(app: Hono<AppEnv>, options: SealedRequestsOptions): void {
  for (const route of app.routes) {
    if (!isGlobalMiddleware(route) && !isPublicPath(route.path)) {
      throw new Error(
        `${route.method} ${route.path} is registered before the tunnel middleware but is not a public path`,
      );
    }
  }
  const { tunnel, handleError } = options;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_SEALED_REQUEST_BYTES;
  let firstSealedRoute = -1;
  let sealedRoutes: TrieRouter<true> | undefined;
  const matchesSealedRoute = (method: string, path: string): boolean => {
    if (sealedRoutes === undefined) {
      // Built on the first request; Hono refuses routes added after its router has matched once.
      sealedRoutes = new TrieRouter<true>();
      for (const route of app.routes.slice(firstSealedRoute)) {
        if (!isGlobalMiddleware(route)) sealedRoutes.add(route.method, route.path, true);
      }
    }
    return sealedRoutes.match(method === "HEAD" ? "GET" : method, path)[0].length > 0;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!matchesSealedRoute(c.req.method, c.req.path)) return next();
    const received = c.req.raw;
    const opened = await openRequest(c, tunnel, maxBodyBytes);

    // With tracing, the signature check and the route run in a span that continues the caller's
    // trace (sealed inside the request).
    await runInTunnelledSpan(c, opened.traceparent, async () => {
      try {
        const caller = await tunnel.verifyRequestSignature?.({
          method: opened.method,
          url: received.url,
          path: opened.path,
          routePath: c.req.path,
          headers: received.headers,
          sealedBody: opened.sealedBody,
          sessionId: opened.session.id,
          seq: opened.seq,
          body: opened.body,
        });
        if (caller) c.set("caller", caller);
        // JSON travels as UTF-8 (RFC 8259): invalid bytes would otherwise reach the route as U+FFFD
        // replacement characters, and be stored so, instead of being refused.
        if (!isUtf8(opened.body)) {
          throw new AppError("VALIDATION_ERROR", {
            message: "The request body is not valid UTF-8.",
            suggestion: "Send the body as JSON text encoded in UTF-8.",
          });
        }
        // The route sees a JSON request: its headers say so (changed in place once the signature,
        // which covers the headers as received, was checked; a request whose headers cannot change
        // is rebuilt without its body), and its body is not wrapped in a new stream: the opened text
        // is put in Hono's body cache, which `c.req.json()`, `text()` and the validators read (and
        // from which `arrayBuffer()`, `blob()` and `formData()` are derived).
        c.req.raw = asJsonRequest(received);
        // Hono keeps promises in its body cache (its type says the values).
        const text = Promise.resolve(opened.body.toString("utf8"));
        c.req.bodyCache = { text: text as unknown as string };
        await next();
      } catch (thrown) {
        c.res = await handleError(thrown, c);
      }
    });
    await sealAnswer(c, opened, tunnel, handleError);
  };
  app.use(middleware);
  firstSealedRoute = app.routes.length;
}

/**
 * `request` with `Content-Type: application/json` and no `Content-Length` (its body was read and
 * opened): the same request with its headers changed in place, or, when its headers cannot change,
 * a copy without a body.
 */
function asJsonRequest(request: Request): Request {
  const inPlace = headersMayChange(request.headers);
  const headers = inPlace ? request.headers : new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  if (inPlace) return request;
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

function isGlobalMiddleware(route: { method: string; path: string }): boolean {
  return route.method === "ALL" && (route.path === "/*" || route.path === "*");
}

async function openRequest(
  c: Context<AppEnv>,
  tunnel: Tunnel,
  maxBodyBytes: number,
): Promise<OpenedRequest & { body: Buffer; sealedBody: Uint8Array }> {
  const log = c.get("logger");
  const refuse = (error: AppError, reason: string): never => {
    log.info({ reason }, "tunnel request refused");
    throw error;
  };

  // 1. An open session.
  const sessionId = c.req.header(SESSION_ID_HEADER);
  if (sessionId === undefined || sessionId === "") {
    return refuse(
      sessionUnknown(
        "This call needs a secure session: the request was not sent through the tunnel.",
      ),
      "no session id",
    );
  }
  const now = tunnel.now();
  const session = isValidSessionId(sessionId) ? await tunnel.store.find(sessionId, now) : undefined;
  if (session === undefined) return refuse(sessionUnknown(), "unknown or expired session");

  // 2. A well-formed sealed body.
  if (!OCTET_STREAM.test(c.req.header("Content-Type") ?? "")) {
    return refuse(
      messageRefused(
        "The request body must be sealed for the secure session (application/octet-stream).",
      ),
      "not sealed",
    );
  }
  const sealedBody = await readBodyUpTo(c.req.raw, maxBodyBytes);
  if (sealedBody === undefined) {
    return refuse(
      new AppError("PAYLOAD_TOO_LARGE", {
        message: `The request is larger than ${maxBodyBytes} bytes.`,
      }),
      "body too large",
    );
  }
  let frame: SealedMessage;
  try {
    frame = decodeSealedMessage(sealedBody);
  } catch {
    return refuse(messageRefused("The sealed request is malformed."), "malformed frame");
  }

  // 3. A sequence number not seen, not too old.
  if (!session.mayAccept(frame.seq))
    return refuse(
      messageRefused("The sealed request was already received, or is too old."),
      "replayed",
    );

  // 4. Authentic for this method, path, session and sequence number.
  let method: string;
  let path: string;
  let body: Buffer;
  try {
    const url = new URL(c.req.url);
    method = canonicalMethod(c.req.method);
    path = canonicalPath(url.pathname + url.search);
    const aad = buildAssociatedData({
      direction: "request",
      method,
      path,
      sessionId,
      seq: frame.seq,
    });
    body = openSealed(session.secrets.c2sKey, session.secrets.c2sIv, frame, aad);
  } catch {
    return refuse(
      messageRefused("The sealed request could not be opened."),
      "does not authenticate",
    );
  }

  // The metadata sealed before the body (a trace context), if any.
  let traceparent: string | undefined;
  try {
    const split = decodeSealedRequest(body);
    traceparent = split.meta.traceparent;
    body = Buffer.from(split.body.buffer, split.body.byteOffset, split.body.byteLength);
  } catch {
    return refuse(messageRefused("The sealed request's metadata is malformed."), "malformed meta");
  }

  // 5. Accepted once (a concurrent twin loses), and not empty.
  const accepted = await tunnel.store.acceptRequest(sessionId, frame.seq, now);
  if (accepted === "closed") return refuse(sessionUnknown(), "session closed meanwhile");
  if (accepted === "replayed")
    return refuse(
      messageRefused("The sealed request was already received, or is too old."),
      "replayed",
    );
  if (body.length === 0)
    return refuse(
      messageRefused("The sealed request is empty: send {} for a call without data."),
      "empty",
    );
  return {
    session,
    method,
    path,
    seq: frame.seq,
    body,
    sealedBody,
    ...(traceparent === undefined ? {} : { traceparent }),
  };
}

/** Seals the answer in `c.res` for the session, whatever its status. */
async function sealAnswer(
  c: Context<AppEnv>,
  opened: OpenedRequest,
  tunnel: Tunnel,
  handleError: SealedRequestsOptions["handleError"],
): Promise<void> {
  const { session, method, path } = opened;
  const seq = await tunnel.store.takeResponseSeq(session.id);
  if (seq === undefined) {
    // The session was closed while the route ran: the answer cannot be sealed, and is not sent.
    c.res = await handleError(
      new AppError("INTERNAL_SERVER_ERROR", {
        message: "The secure session ended before the answer could be sealed.",
      }),
      c,
    );
    return;
  }
  const answer = c.res;
  // The answer's headers (request id, Allow, cookies, ...) go with the sealed body, except those
  // that described the plaintext body; the CORS and security headers are added around it
  // (`responseHeaders`).
  const headers = headersMayChange(answer.headers) ? answer.headers : new Headers(answer.headers);
  const status = NULL_BODY_STATUSES.has(answer.status) ? 200 : answer.status;
  const plaintext = new Uint8Array(await answer.arrayBuffer());
  const sealed = sealResponse(session.secrets, {
    method,
    path,
    sessionId: session.id,
    seq,
    requestSeq: opened.seq,
    status,
    plaintext: plaintext.length === 0 ? EMPTY_JSON : plaintext,
  });
  for (const name of PLAINTEXT_BODY_HEADERS) headers.delete(name);
  headers.set("Content-Type", TUNNEL_CONTENT_TYPE);
  headers.set(ENCRYPTED_RESPONSE_HEADER, String(PROTOCOL_VERSION));
  headers.set(SESSION_ID_HEADER, session.id);
  headers.set("Cache-Control", "no-store");
  // Cleared first, so that Hono does not merge the previous answer into this one (its merge turns
  // the body into a stream, which the node server then sends chunk by chunk): the headers above
  // already carry what it would have copied.
  c.res = undefined;
  c.res = new Response(sealed, { status, headers });
}

function sealResponse(
  secrets: SessionSecrets,
  message: {
    method: string;
    path: string;
    sessionId: string;
    seq: number;
    requestSeq: number;
    status: number;
    plaintext: Uint8Array;
  },
): Uint8Array<ArrayBuffer> {
  const aad = buildAssociatedData({
    direction: "response",
    method: message.method,
    path: message.path,
    sessionId: message.sessionId,
    seq: message.seq,
    requestSeq: message.requestSeq,
    status: message.status,
  });
  return seal(secrets.s2cKey, secrets.s2cIv, message.seq, aad, message.plaintext);
}
