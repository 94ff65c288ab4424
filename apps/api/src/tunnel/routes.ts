import {
  isValidSessionId,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "@paraphe/tunnel-client/protocol";
import type { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { addressPrefix } from "../http/address-prefix";
import { clientIp } from "../identity/client-info";
import { readBodyUpTo } from "./read-body";
import type { Tunnel } from "./tunnel";
import { TunnelAppError } from "./tunnel-error";

/** A handshake message is 38 (hello) or 88 (finished) bytes; anything beyond this is refused unread. */
const MAX_HANDSHAKE_BYTES = 1024;
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
    const body = await readBodyUpTo(c.req.raw, MAX_HANDSHAKE_BYTES);
    if (body === undefined)
      throw new TunnelAppError(
        400,
        "The handshake message is too large.",
        "Start a new handshake.",
      );

    const sessionId = c.req.header(SESSION_ID_HEADER);
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
    return answer(sessionId, await tunnel.responder.finish(sessionId, body, tunnel.now()));
  });

  app.get("/attestation/reference-values", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json({
      referenceValues: { ...tunnel.identity.referenceValues },
    } satisfies ReferenceValuesResponse);
  });
}
