import type { AttestationEvidence } from "@paraphe/attestation";
import { fromBase64Url } from "@paraphe/tunnel-client/protocol";
import { createTestResponder } from "@paraphe/tunnel-client/testing";
import { http, HttpResponse } from "msw";

/** The api's origin in these tests. */
export const ATTESTED_API_URL = "https://api.test";

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

/**
 * msw handlers of an api that opens real tunnels (`@paraphe/tunnel-client/testing`) with the
 * evidence apps/api presents (`platform: "none"`, its measurements, bound to the handshake's key and
 * nonce), and serves reference values about itself. `referenceValueRequests` counts the requests for
 * them.
 */
export function attestedApi(options: AttestedApiOptions) {
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
  const handlers = [
    http.get(`${ATTESTED_API_URL}/attestation/reference-values`, () => {
      stats.referenceValueRequests += 1;
      return HttpResponse.json({ referenceValues: options.servedReferenceValues });
    }),
    http.post(`${ATTESTED_API_URL}/tunnel/session`, ({ request }) => responder.handshake(request)),
    http.post(`${ATTESTED_API_URL}/*`, ({ request }) => responder.handle(request)),
  ];
  return { handlers, responder, stats };
}
