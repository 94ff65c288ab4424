/**
 * A caller that sends chosen bytes as the body of a call: through the real tunnel client (sealed)
 * with a real RFC 9421 signature by a credential, as the SDK does, but without the SDK's own
 * check of the body against the contract. Not part of the server.
 */
import { signRequest, type SigningCredential } from "@paraphe/api-sdk";
import { isTunnelError } from "@paraphe/tunnel-client";
import { randomIp, socketEnv, TEST_PROXY_ADDRESS, type IdentityHarness } from "../identity";
import { createTestTunnelClient } from "../tunnel";

/** What a call answered: its status and its body (JSON, or the text when it is not JSON). */
export interface RawAnswer {
  status: number;
  /** False for a plaintext answer (the tunnel's own refusals and anything unsealed). */
  sealed: boolean;
  json: unknown;
  text: string;
}

export type RawCall = (path: string, body: Uint8Array) => Promise<RawAnswer>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One call in this many starts a new session and travels with its handshake's second message (a
 * ClientFinishedWithRequest, see the tunnel client's README "First request"), so that the fuzz
 * sends bodies of every endpoint that way too.
 */
export const WITH_HANDSHAKE_EVERY = 16;

/** Calls of `h`'s app signed with `credential()` (read at every call), from one address. */
export function rawCaller(h: IdentityHarness, credential: () => SigningCredential): RawCall {
  let calls = 0;
  const ip = randomIp();
  const tunnel = createTestTunnelClient(async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", ip);
    headers.set("User-Agent", "paraphe-fuzz/1.0");
    return h.t.app.request(input, { ...init, headers }, socketEnv(TEST_PROXY_ADDRESS));
  });
  return async (path, body) => {
    calls += 1;
    const withHandshake = calls % WITH_HANDSHAKE_EVERY === 0;
    // A new session, whose handshake carries the call (only a call marked idempotent rides).
    if (withHandshake) tunnel.destroy();
    try {
      const response = await tunnel.request("POST", path, {
        body,
        ...(withHandshake ? { idempotent: true } : {}),
        headers: new Headers({ Accept: "application/json" }),
        beforeSend: async (wire) => {
          const signed = await signRequest({
            method: wire.method,
            url: wire.url,
            headers: wire.headers,
            body: wire.body,
            credential: credential(),
            now: h.now(),
          });
          for (const [name, value] of Object.entries(signed)) wire.headers.set(name, value);
        },
      });
      const text = new TextDecoder().decode(response.body);
      return { status: response.status, sealed: response.encrypted, json: parse(text), text };
    } catch (error) {
      // A plaintext answer out of the spec's shape: the tunnel client gives its status only.
      if (isTunnelError(error, "SERVER_STATUS") && error.status !== undefined) {
        return { status: error.status, sealed: false, json: undefined, text: error.message };
      }
      throw error;
    }
  };
}
