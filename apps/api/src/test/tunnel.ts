/**
 * Test helpers for the tunnel: the real `@paraphe/tunnel-client` against the app (through
 * `app.request` or a listening server), an evidence verifier built on the attestation package,
 * and a hand-driven session for tests that need to send chosen bytes. Not part of the server.
 */
import { createEvidenceVerifier, type ReferenceValues } from "@paraphe/attestation";
import {
  createTunnelClient,
  createTunnelSession,
  type TunnelClient,
  type TunnelSession,
  type VerifyEvidence,
} from "@paraphe/tunnel-client";
import {
  decodeSealedMessage,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
  type Bytes,
} from "@paraphe/tunnel-client/protocol";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** `app.request` as a fetch for the tunnel client (any origin: the app sees the path). */
export function fetchFromApp(app: {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}): FetchLike {
  return async (input, init) => app.request(input, init);
}

/**
 * What an app's `verifyEvidence` does with this server's evidence (`createEvidenceVerifier` of the
 * attestation package): bound to the HPKE key and nonce, honest status (on this machine:
 * GenericFailure, `amd_sev_snp` false). The tests accept the unverified hardware, as the apps do.
 */
export function bindingVerifier(referenceValues: ReferenceValues = {}): VerifyEvidence {
  return createEvidenceVerifier({ referenceValues });
}

/** The real tunnel client, talking to the app through `fetch`. */
export function createTestTunnelClient(
  fetch: FetchLike,
  options: { baseUrl?: string; verifyEvidence?: VerifyEvidence } = {},
): TunnelClient {
  return createTunnelClient({
    baseUrl: options.baseUrl ?? "http://api.test",
    fetch: fetch as typeof globalThis.fetch,
    verifyEvidence: options.verifyEvidence ?? bindingVerifier(),
    sleep: async () => undefined,
  });
}

/** A session driven by hand: tests seal chosen requests and send (or alter) the bytes themselves. */
export interface ManualSession {
  sessionId: string;
  session: TunnelSession;
  /** Seals a JSON body for `method path`; its sequence number is the next of the session. */
  seal(method: string, path: string, body?: unknown): Promise<{ sealed: Bytes; seq: number }>;
  /** Sends bytes as a tunnelled request (session id, content type and method overridable). */
  send(
    path: string,
    body: Uint8Array | string,
    options?: { method?: string; sessionId?: string | null; contentType?: string },
  ): Promise<Response>;
  /** Opens a sealed answer to the request `requestSeq` made to `method path`, as JSON. */
  open(
    response: Response,
    meta: { method: string; path: string; requestSeq: number },
  ): Promise<unknown>;
}

/** Runs the handshake with `createTunnelSession` over `fetch` and returns the open session. */
export async function openManualSession(
  fetch: FetchLike,
  options: { baseUrl?: string; verifyEvidence?: VerifyEvidence } = {},
): Promise<ManualSession> {
  const baseUrl = options.baseUrl ?? "http://api.test";
  const session = createTunnelSession({
    verifyEvidence: options.verifyEvidence ?? bindingVerifier(),
  });
  while (!session.isOpen()) {
    const outgoing = await session.getOutgoingMessage();
    if (outgoing === null) throw new Error("the handshake stalled");
    const headers: Record<string, string> = { "Content-Type": TUNNEL_CONTENT_TYPE };
    if (session.sessionId !== null) headers[SESSION_ID_HEADER] = session.sessionId;
    const response = await fetch(`${baseUrl}/tunnel/session`, {
      method: "POST",
      headers,
      body: outgoing,
    });
    if (!response.ok)
      throw new Error(`handshake answered ${response.status}: ${await response.text()}`);
    await session.putIncomingMessage(new Uint8Array(await response.arrayBuffer()), {
      sessionId: response.headers.get(SESSION_ID_HEADER),
    });
  }
  const sessionId = session.sessionId;
  if (sessionId === null) throw new Error("no session id");
  return {
    sessionId,
    session,
    async seal(method, path, body = {}) {
      const sealed = await session.write(new TextEncoder().encode(JSON.stringify(body)), {
        method,
        path,
      });
      return { sealed, seq: decodeSealedMessage(sealed).seq };
    },
    send(path, body, sendOptions = {}) {
      const headers: Record<string, string> = {
        "Content-Type": sendOptions.contentType ?? TUNNEL_CONTENT_TYPE,
      };
      const id = sendOptions.sessionId === undefined ? sessionId : sendOptions.sessionId;
      if (id !== null) headers[SESSION_ID_HEADER] = id;
      return fetch(`${baseUrl}${path}`, {
        method: sendOptions.method ?? "POST",
        headers,
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
    },
    async open(response, meta) {
      const plaintext = await session.read(new Uint8Array(await response.arrayBuffer()), {
        ...meta,
        status: response.status,
      });
      return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
    },
  };
}
