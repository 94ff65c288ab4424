import { HeaderName } from "@paraphe/api-sdk/contract";
import {
  ENCRYPTED_RESPONSE_HEADER,
  encodeServerFinishedWithResponse,
  FIRST_REQUEST_HEADERS,
  HandshakeMessageType,
  handshakeFrameType,
  isValidSessionId,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  type FirstRequest,
  type FirstResponse,
} from "@paraphe/tunnel-client/protocol";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../http/context";
import { addressPrefix } from "../http/address-prefix";
import { clientIp } from "../identity/client-info";
import { readBodyUpTo } from "./read-body";
import { isPublicPath } from "./sealed-requests";
import type { Tunnel } from "./tunnel";
import { TunnelAppError } from "./tunnel-error";

/** A handshake message is 38 (hello) or 88 (finished) bytes; anything beyond this is refused unread. */
const MAX_HANDSHAKE_BYTES = 1024;
/** A ClientFinishedWithRequest: the finished message's 88 bytes and the request part. */
const firstRequestFrameLimit = (maxFirstRequestLength: number) => 88 + maxFirstRequestLength;
/**
 * Request headers of the handshake's HTTP request that the first request does not inherit: those
 * that describe the handshake's body or session, and those the ClientFinishedWithRequest carries
 * for the request (only its own count).
 */
const NOT_INHERITED = [
  "content-length",
  "content-type",
  "transfer-encoding",
  SESSION_ID_HEADER.toLowerCase(),
  ...FIRST_REQUEST_HEADERS,
];
const OCTET_STREAM = /^application\/octet-stream\s*(;|$)/i;

/** The answer of `GET /attestation/reference-values`. */
export interface ReferenceValuesResponse {
  /** Component name to the SHA-256 (hex) the build computed; empty when the api does not run from a build. */
  referenceValues: Record<string, string>;
}

/**
 * `POST /tunnel/session` (the two-step handshake of `@paraphe/tunnel-client`) and
 * `GET /attestation/reference-values` (public: clients need them to check the evidence).
 */
export function registerTunnelRoutes(app: Hono<AppEnv>, tunnel: Tunnel): void {
  app.post("/tunnel/session", async (c) => {
    if (!OCTET_STREAM.test(c.req.header("Content-Type") ?? "")) {
      throw new TunnelAppError(
        400,
        "A handshake message is sent as application/octet-stream.",
        "Start a new handshake.",
      );
    }
    const sessionId = c.req.header(SESSION_ID_HEADER);
    const maxFirstRequestLength = tunnel.responder.maxFirstRequestLength;
    const body = await readBodyUpTo(
      c.req.raw,
      sessionId === undefined || maxFirstRequestLength === null
        ? MAX_HANDSHAKE_BYTES
        : firstRequestFrameLimit(maxFirstRequestLength),
    );
    if (body === undefined)
      throw new TunnelAppError(
        400,
        "The handshake message is too large.",
        "Start a new handshake.",
      );

    const answer = (id: string, message: Uint8Array<ArrayBuffer>) =>
      c.body(message, 200, {
        "Content-Type": TUNNEL_CONTENT_TYPE,
        "Cache-Control": "no-store",
        [SESSION_ID_HEADER]: id,
      });
    if (sessionId === undefined) {
      // Step 1: a new pending session, the server hello with the evidence.
      const ip = clientIp(c);
      const hello = await tunnel.responder.hello(
        body,
        tunnel.now(),
        ip === null ? null : addressPrefix(ip),
      );
      return answer(hello.sessionId, hello.serverHello);
    }
    // Step 2: the key confirmation; the session is open once answered.
    if (!isValidSessionId(sessionId))
      throw new TunnelAppError(
        401,
        "The handshake is unknown or has expired.",
        "Start a new handshake.",
      );
    if (handshakeFrameType(body) !== HandshakeMessageType.ClientFinishedWithRequest) {
      return answer(sessionId, await tunnel.responder.finish(sessionId, body, tunnel.now()));
    }
    // Step 2 with the session's first call: once the session is open, the call runs as any
    // tunnelled call, and its answer goes with the server's confirmation.
    const { confirmation, request } = await tunnel.responder.finishWithRequest(
      sessionId,
      body,
      tunnel.now(),
      (first) => mayRunFirst(first.path),
    );
    const response = await runFirstRequest(app, c, sessionId, request);
    return answer(sessionId, encodeServerFinishedWithResponse({ confirmation, response }));
  });

  app.get("/attestation/reference-values", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json({
      referenceValues: { ...tunnel.identity.referenceValues },
    } satisfies ReferenceValuesResponse);
  });
}

/**
 * Whether a first request may go to `path` (canonical, with its query): never to a path answered
 * outside the tunnel (the handshake, `/health`, ...), as the router would see it decoded.
 */
function mayRunFirst(path: string): boolean {
  const pathname = path.split("?", 1)[0] ?? path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return (
    !isPublicPath(pathname) &&
    !isPublicPath(decoded) &&
    !decoded.startsWith("/tunnel/") &&
    !decoded.startsWith("/health")
  );
}

/**
 * Runs a first request through the app's own `fetch`, the pipeline of every tunnelled call (the
 * tunnel middleware's checks, the signature, rate limits, the route, the sealed answer, the
 * access log): a request of its method, to its path on this request's origin, with the client's
 * headers (its address, origin, agent: this request's) but those the frame carries in their place,
 * the sealed body, and this request's id. Its answer, as a separate call's would have arrived.
 */
async function runFirstRequest(
  app: Hono<AppEnv>,
  c: Context<AppEnv>,
  sessionId: string,
  request: FirstRequest,
): Promise<FirstResponse> {
  const headers = new Headers(c.req.raw.headers);
  for (const name of NOT_INHERITED) headers.delete(name);
  for (const [name, value] of request.headers) headers.set(name, value);
  headers.set("Content-Type", TUNNEL_CONTENT_TYPE);
  headers.set("Content-Length", String(request.sealed.length));
  headers.set(SESSION_ID_HEADER, sessionId);
  headers.set(HeaderName.requestId, c.get("requestId"));
  const url = new URL(request.path, new URL(c.req.url).origin);
  const answer = await app.fetch(
    new Request(url, { method: request.method, headers, body: request.sealed }),
    c.env,
  );
  return {
    status: answer.status,
    encrypted: answer.headers.has(ENCRYPTED_RESPONSE_HEADER),
    body: new Uint8Array(await answer.arrayBuffer()),
  };
}
