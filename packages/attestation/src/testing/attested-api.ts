import { fromBase64Url, HANDSHAKE_PATH } from "@paraphe/tunnel-client/protocol";
import { createTestResponder, type TestResponder } from "@paraphe/tunnel-client/testing";
import type { AttestationEvidence } from "../evidence/evidence";

/** The api's origin in tests of a client of an attested api. */
export const ATTESTED_API_URL = "https://api.test";

const REFERENCE_VALUES_PATH = "/attestation/reference-values";

function base64(base64Url: string): string {
  const bytes = fromBase64Url(base64Url) ?? new Uint8Array();
  return btoa(String.fromCharCode(...bytes));
}

export interface AttestedApiOptions {
  /** What the server measures of itself (its evidence, like apps/api on a machine without a TEE). */
  measurements: Record<string, string>;
  /** What it answers at `GET /attestation/reference-values` (about itself). */
  servedReferenceValues: Record<string, string>;
}

export interface AttestedApi {
  /** Answers a request of the client: route every request to the api's origin here. */
  handle: (request: Request) => Promise<Response>;
  /** The tunnel server behind it (`@paraphe/tunnel-client/testing`). */
  responder: TestResponder;
  /** How many times the reference values were asked for. */
  stats: { referenceValueRequests: number };
}

/**
 * An api that opens real tunnels (`@paraphe/tunnel-client/testing`) with the evidence apps/api
 * presents (`platform: "none"`, its measurements, bound to the handshake's key and nonce), and
 * serves reference values about itself. Route its `handle` from a fetch stub (msw:
 * `http.all(ATTESTED_API_URL + "/*", ({ request }) => api.handle(request))`). Not for product code.
 */
export function attestedApi(options: AttestedApiOptions): AttestedApi {
  const responder = createTestResponder({
    makeEvidence: ({ hpkePublicKey, clientNonce }) => ({
      hpkePublicKey,
      clientNonce,
      attestation: {
        platform: "none",
        reason: "development server",
        measurements: options.measurements,
        hpkePublicKey: base64(hpkePublicKey),
        nonce: base64(clientNonce),
      } satisfies AttestationEvidence,
    }),
  });
  const stats = { referenceValueRequests: 0 };
  const handle = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname === REFERENCE_VALUES_PATH) {
      stats.referenceValueRequests += 1;
      return Response.json({ referenceValues: options.servedReferenceValues });
    }
    if (request.method !== "POST") return new Response(null, { status: 404 });
    if (pathname === HANDSHAKE_PATH) return responder.handshake(request);
    return responder.handle(request);
  };
  return { handle, responder, stats };
}
