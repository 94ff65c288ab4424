import { handshakeBackoffMs } from "./backoff";
import { TunnelError } from "./errors";
import type { Bytes } from "./protocol/bytes";
import {
  HANDSHAKE_PATH,
  MAX_HANDSHAKE_STEPS,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "./protocol/constants";
import type { FirstRequest, FirstResponse } from "./protocol/handshake";
import { asTunnelError, isTransientStatus, parseErrorBody } from "./server-errors";
import type { AttestationOutcome, VerifyEvidence } from "./evidence";
import { createTunnelSession, type TunnelSession } from "./session";

/** Handshake POSTs a successful handshake needs (hello, then finished). */
const HANDSHAKE_MESSAGES = 2;

/** What a handshake needs of its client. */
export interface HandshakeDeps {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  credentials: "include" | "same-origin" | "omit";
  verifyEvidence: VerifyEvidence;
  onAttestation: (outcome: AttestationOutcome) => void;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

async function postHandshake(
  deps: HandshakeDeps,
  message: Bytes,
  sessionId: string | null,
): Promise<Response> {
  const headers = new Headers({ "Content-Type": TUNNEL_CONTENT_TYPE });
  if (sessionId !== null) headers.set(SESSION_ID_HEADER, sessionId);
  try {
    return await deps.fetch(deps.baseUrl + HANDSHAKE_PATH, {
      method: "POST",
      headers,
      body: message,
      credentials: deps.credentials,
    });
  } catch (error) {
    throw new TunnelError("FAILED_TO_ESTABLISH_SESSION", "the handshake request failed (network)", {
      cause: error,
      transient: true,
    });
  }
}

async function readHandshakeAnswer(response: Response): Promise<Bytes> {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new TunnelError("FAILED_TO_ESTABLISH_SESSION", "reading the answer failed (network)", {
      cause: error,
      transient: true,
    });
  }
}

/**
 * Seals (`session.writeFirst`) and signs a call to travel with the ClientFinished, once the
 * evidence was checked; null when it cannot (the ClientFinished then goes alone). Called again,
 * on a new session, when a transient failure restarts the handshake.
 */
export type FirstRequestWriter = (session: TunnelSession) => Promise<FirstRequest | null>;

/** A failure of the first request's writer (its `beforeSend`, say): not the handshake's. */
export class FirstRequestFailure {
  constructor(readonly error: unknown) {}
}

/** The first request's answer, with the HTTP answer that carried it. */
export interface FirstAnswer extends FirstResponse {
  /** The headers of the handshake's answer (its request id, ...). */
  headers: Headers;
}

export interface HandshakeResult {
  session: TunnelSession;
  /** The first request's answer when it travelled with the handshake, else null. */
  first: FirstAnswer | null;
}

/**
 * One handshake: up to MAX_HANDSHAKE_STEPS POSTs, transient failures restarted after backoff. With
 * `writeFirst`, a call rides with the ClientFinished when the server's hello says it takes one.
 */
export async function runHandshake(
  deps: HandshakeDeps,
  writeFirst?: FirstRequestWriter,
): Promise<HandshakeResult> {
  let steps = 0;
  let retries = 0;
  for (;;) {
    const session = createTunnelSession({
      verifyEvidence: deps.verifyEvidence,
      onAttestation: deps.onAttestation,
      now: deps.now,
    });
    let last: Response | null = null;
    try {
      while (!session.isOpen()) {
        let firstRequest: FirstRequest | null = null;
        if (writeFirst !== undefined && session.firstRequestLimit() !== null) {
          try {
            firstRequest = await writeFirst(session);
          } catch (error) {
            throw new FirstRequestFailure(error);
          }
        }
        const outgoing = await session.getOutgoingMessage(firstRequest ?? undefined);
        if (outgoing === null) {
          throw new TunnelError("FAILED_TO_ESTABLISH_SESSION", "the handshake stalled");
        }
        if (steps >= MAX_HANDSHAKE_STEPS) {
          throw new TunnelError(
            "MAX_HANDSHAKE_STEPS_REACHED",
            `max handshake steps reached (${MAX_HANDSHAKE_STEPS})`,
            { transient: true },
          );
        }
        steps += 1;
        const response = await postHandshake(deps, outgoing, session.sessionId);
        const body = await readHandshakeAnswer(response);
        if (!response.ok) {
          const detail = parseErrorBody(body)?.error.code;
          throw new TunnelError(
            "SERVER_STATUS",
            `the handshake was answered with HTTP ${response.status}${detail ? ` (${detail})` : ""}`,
            // 401 here means the server lost the pending session: starting over can succeed.
            {
              status: response.status,
              transient: isTransientStatus(response.status) || response.status === 401,
            },
          );
        }
        await session.putIncomingMessage(body, {
          sessionId: response.headers.get(SESSION_ID_HEADER),
        });
        last = response;
      }
      const answer = session.takeFirstResponse();
      return {
        session,
        first:
          answer === null || last === null
            ? null
            : { ...answer, headers: new Headers(last.headers) },
      };
    } catch (caught) {
      session.close();
      if (caught instanceof FirstRequestFailure) throw caught;
      const error = asTunnelError(caught, "FAILED_TO_ESTABLISH_SESSION", "the handshake failed");
      if (!error.transient || error.code === "MAX_HANDSHAKE_STEPS_REACHED") throw error;
      if (steps + HANDSHAKE_MESSAGES > MAX_HANDSHAKE_STEPS) {
        throw new TunnelError(
          "MAX_HANDSHAKE_STEPS_REACHED",
          `max handshake steps reached (${MAX_HANDSHAKE_STEPS}); last failure: ${error.message}`,
          { cause: error, status: error.status, transient: true },
        );
      }
      await deps.sleep(handshakeBackoffMs(retries, deps.random));
      retries += 1;
    }
  }
}
