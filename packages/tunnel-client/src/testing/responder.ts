/**
 * An in-test tunnel server: the responder duties of the README, written with the `protocol`
 * entry and @hpke/core's recipient side, exactly as apps/api is expected to do them. Used by the
 * tests to prove the client against real cryptography; shipped as `@paraphe/tunnel-client/testing` so that code built on the SDK can test against a real
 * tunnel (route it with msw or any fetch stub); never use it in a product path.
 */
import {
  buildAssociatedData,
  buildClientFinishedAad,
  buildHpkeInfo,
  canonicalPath,
  computeTranscriptHash,
  createHpkeSuite,
  createReplayWindow,
  decodeClientFinished,
  decodeClientFinishedWithRequest,
  decodeClientHello,
  decodeSealedMessage,
  deriveSessionKeys,
  encodeServerFinished,
  encodeServerFinishedWithResponse,
  encodeServerHello,
  ENCRYPTED_RESPONSE_HEADER,
  HandshakeMessageType,
  handshakeFrameType,
  MAX_FIRST_REQUEST_LENGTH,
  fromUtf8,
  isValidSessionId,
  MAX_SEQUENCE_NUMBER,
  openMessage,
  PROTOCOL_VERSION,
  sealMessage,
  sealServerFinished,
  SESSION_ID_HEADER,
  timingSafeEqual,
  toBase64Url,
  TUNNEL_CONTENT_TYPE,
  utf8,
  type Bytes,
  type ClientFinished,
  type FirstRequest,
  type ReplayWindow,
  type SessionKeys,
  type TunnelEvidence,
} from "../protocol/index";

export interface RouteRequest {
  method: string;
  path: string;
  headers: Headers;
  body: Bytes;
}

export interface RouteResponse {
  status: number;
  body: Uint8Array;
}

export type Route = (request: RouteRequest) => Promise<RouteResponse> | RouteResponse;

interface PendingSession {
  clientHello: Bytes;
  serverHello: Bytes;
}

interface OpenSession {
  keys: SessionKeys;
  incoming: ReplayWindow;
  nextS2cSeq: number;
}

export interface TestResponderOptions {
  /** Builds the evidence; defaults to `{ format: "paraphe-test", hpkePublicKey, clientNonce }`. */
  makeEvidence?: (fields: { hpkePublicKey: string; clientNonce: string }) => TunnelEvidence;
  /** Handles an opened request; defaults to a JSON echo. */
  route?: Route;
  /** Replaces the transcript hash the server confirms (to test key confirmation). */
  tamperServerFinished?: boolean;
  /**
   * Whether the server takes a first request with the ClientFinished (frames 5 and 6, advertised
   * in its hello): true by default; false is a server that predates them (its hello says nothing,
   * and it answers a ClientFinishedWithRequest 400 as a malformed ClientFinished).
   */
  firstRequest?: boolean;
}

/** Answers in the spec's error shape. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  path: string,
): Response {
  return Response.json(
    {
      statusCode: status,
      error: { code, message, suggestion: "", documentationUrl: "" },
      requestId: "test-request",
      timestamp: new Date(0).toISOString(),
      path,
    },
    { status },
  );
}

const echoRoute: Route = ({ method, path, body }) => ({
  status: 200,
  body: utf8(JSON.stringify({ method, path, received: fromUtf8(body) })),
});

export interface TestResponder {
  /** POST /tunnel/session */
  handshake(request: Request): Promise<Response>;
  /** Any tunnelled call. */
  handle(request: Request): Promise<Response>;
  /** Forgets every session (a restarted server): the next call gets TUNNEL_ERROR 401. */
  forgetSessions(): void;
  route: Route;
  /** `firstRequests`: the calls that came with a ClientFinishedWithRequest (also in `requests`). */
  readonly stats: { hellos: number; finishes: number; requests: number; firstRequests: number };
  readonly openSessionIds: string[];
  /** The s2c sequence number the next response will use, per session (tests reorder them). */
  setNextResponseSeq(sessionId: string, seq: number): void;
}

export function createTestResponder(options: TestResponderOptions = {}): TestResponder {
  const suite = createHpkeSuite();
  const keyPair = suite.kem.generateKeyPair();
  const publicKey = keyPair.then(async (pair) =>
    toBase64Url(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))),
  );
  const pending = new Map<string, PendingSession>();
  const sessions = new Map<string, OpenSession>();
  const stats = { hellos: 0, finishes: 0, requests: 0, firstRequests: 0 };
  const takesFirstRequest = options.firstRequest ?? true;
  const makeEvidence =
    options.makeEvidence ??
    ((fields) => ({ format: "paraphe-test", ...fields }) satisfies TunnelEvidence);

  const octets = (
    body: Uint8Array,
    status: number,
    sessionId: string,
    extra: Record<string, string> = {},
  ) =>
    new Response(new Uint8Array(body), {
      status,
      headers: { "Content-Type": TUNNEL_CONTENT_TYPE, [SESSION_ID_HEADER]: sessionId, ...extra },
    });

  async function handshake(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const body = new Uint8Array(await request.arrayBuffer());
    const sessionId = request.headers.get(SESSION_ID_HEADER);

    if (sessionId === null) {
      // Step 1: client hello -> pending session + evidence.
      let clientNonce: Bytes;
      try {
        clientNonce = decodeClientHello(body).clientNonce;
      } catch {
        return errorResponse(400, "TUNNEL_ERROR", "malformed client hello", path);
      }
      stats.hellos += 1;
      const id = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
      const evidence = makeEvidence({
        hpkePublicKey: await publicKey,
        clientNonce: toBase64Url(clientNonce),
      });
      const serverHello = encodeServerHello(
        takesFirstRequest
          ? { evidence, maxFirstRequestLength: MAX_FIRST_REQUEST_LENGTH }
          : { evidence },
      );
      pending.set(id, { clientHello: body, serverHello });
      return octets(serverHello, 200, id);
    }

    // Step 2: client finished -> key confirmation.
    const session = isValidSessionId(sessionId) ? pending.get(sessionId) : undefined;
    if (!session) return errorResponse(401, "TUNNEL_ERROR", "unknown or expired handshake", path);
    pending.delete(sessionId); // one attempt per pending session
    let finished: ClientFinished;
    let firstRequest: FirstRequest | undefined;
    try {
      if (
        takesFirstRequest &&
        handshakeFrameType(body) === HandshakeMessageType.ClientFinishedWithRequest
      ) {
        const decoded = decodeClientFinishedWithRequest(body);
        finished = decoded;
        firstRequest = decoded.request;
      } else {
        finished = decodeClientFinished(body);
      }
    } catch {
      return errorResponse(400, "TUNNEL_ERROR", "malformed client finished", path);
    }
    const info = await buildHpkeInfo(session.clientHello, session.serverHello);
    const transcript = await computeTranscriptHash(
      session.clientHello,
      session.serverHello,
      finished.enc,
    );
    let keys: SessionKeys;
    try {
      const recipient = await suite.createRecipientContext({
        recipientKey: await keyPair,
        enc: finished.enc,
        info,
      });
      const confirmed = new Uint8Array(
        await recipient.open(finished.confirmation, buildClientFinishedAad(sessionId)),
      );
      if (!timingSafeEqual(confirmed, transcript)) throw new Error("transcript mismatch");
      keys = await deriveSessionKeys(recipient);
    } catch {
      return errorResponse(403, "TUNNEL_ERROR", "key confirmation failed", path);
    }
    stats.finishes += 1;
    const confirmedTranscript = options.tamperServerFinished
      ? new Uint8Array(32).fill(7)
      : transcript;
    const confirmation = await sealServerFinished(keys, sessionId, confirmedTranscript);
    sessions.set(sessionId, { keys, incoming: createReplayWindow(), nextS2cSeq: 0 });
    if (firstRequest === undefined) {
      return octets(encodeServerFinished({ confirmation }), 200, sessionId);
    }
    // The first request runs as any tunnelled call: the same handler, from its own parts.
    stats.firstRequests += 1;
    const headers = new Headers();
    for (const [name, value] of firstRequest.headers) headers.append(name, value);
    headers.set("Content-Type", TUNNEL_CONTENT_TYPE);
    headers.set(SESSION_ID_HEADER, sessionId);
    const answer = await responder.handle(
      new Request(new URL(firstRequest.path, request.url), {
        method: firstRequest.method,
        headers,
        body: firstRequest.sealed,
      }),
    );
    const response = {
      status: answer.status,
      encrypted: answer.headers.has(ENCRYPTED_RESPONSE_HEADER),
      body: new Uint8Array(await answer.arrayBuffer()),
    };
    return octets(encodeServerFinishedWithResponse({ confirmation, response }), 200, sessionId);
  }

  const responder: TestResponder = {
    handshake,
    route: options.route ?? echoRoute,
    stats,
    get openSessionIds() {
      return [...sessions.keys()];
    },
    forgetSessions() {
      pending.clear();
      sessions.clear();
    },
    setNextResponseSeq(sessionId, seq) {
      const session = sessions.get(sessionId);
      if (session) session.nextS2cSeq = seq;
    },

    async handle(request) {
      const url = new URL(request.url);
      const path = canonicalPath(url.pathname + url.search);
      const method = request.method.toUpperCase();
      const sessionId = request.headers.get(SESSION_ID_HEADER);
      const session = sessionId !== null ? sessions.get(sessionId) : undefined;
      if (sessionId === null || !session) {
        return errorResponse(401, "TUNNEL_ERROR", "unknown or expired tunnel session", path);
      }
      const wire = new Uint8Array(await request.arrayBuffer());
      let frame;
      try {
        frame = decodeSealedMessage(wire);
      } catch {
        return errorResponse(400, "TUNNEL_ERROR", "malformed sealed message", path);
      }
      if (!session.incoming.check(frame.seq)) {
        return errorResponse(400, "TUNNEL_ERROR", "replayed sequence number", path);
      }
      let plaintext: Bytes;
      try {
        const aad = buildAssociatedData({
          direction: "request",
          method,
          path,
          sessionId,
          seq: frame.seq,
        });
        plaintext = await openMessage(session.keys.c2sKey, session.keys.c2sIv, frame, aad);
      } catch {
        return errorResponse(400, "TUNNEL_ERROR", "sealed message failed to authenticate", path);
      }
      if (!session.incoming.accept(frame.seq)) {
        return errorResponse(400, "TUNNEL_ERROR", "replayed sequence number", path);
      }
      if (plaintext.length === 0) return errorResponse(400, "TUNNEL_ERROR", "empty request", path);
      stats.requests += 1;

      const result = await responder.route({
        method,
        path,
        headers: request.headers,
        body: plaintext,
      });
      const seq = session.nextS2cSeq;
      if (seq > MAX_SEQUENCE_NUMBER) {
        sessions.delete(sessionId);
        return errorResponse(401, "TUNNEL_ERROR", "session exhausted", path);
      }
      session.nextS2cSeq = seq + 1;
      const aad = buildAssociatedData({
        direction: "response",
        method,
        path,
        sessionId,
        seq,
        requestSeq: frame.seq,
        status: result.status,
      });
      // A conforming server never seals an empty body; this one does when a test's route asks.
      const sealed = await sealMessage(
        session.keys.s2cKey,
        session.keys.s2cIv,
        seq,
        aad,
        result.body,
      );
      return octets(sealed, result.status, sessionId, {
        [ENCRYPTED_RESPONSE_HEADER]: String(PROTOCOL_VERSION),
      });
    },
  };
  return responder;
}
