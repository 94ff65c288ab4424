import type { TestResponder } from "@paraphe/tunnel-client/testing";
import { http } from "msw";

/** Origin of the api in client tests. */
export const API_BASE = "http://api.test";

/** msw handlers routing the tunnel's traffic to an in-test responder (real cryptography). */
export function tunnelHandlers(responder: TestResponder) {
  return [
    http.post(`${API_BASE}/tunnel/session`, ({ request }) => responder.handshake(request)),
    http.all(`${API_BASE}/*`, ({ request }) => responder.handle(request)),
  ];
}
