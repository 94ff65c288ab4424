import { http } from "msw";
import { setupServer } from "msw/node";
import { HANDSHAKE_PATH } from "../protocol";
import type { TestResponder } from "../testing/responder";

/** Origin of the api in client tests. */
export const API_BASE = "http://api.test";

/** msw handlers that route the tunnel's HTTP traffic to an in-test responder. */
export function tunnelHandlers(responder: TestResponder) {
  return [
    http.post(`${API_BASE}${HANDSHAKE_PATH}`, ({ request }) => responder.handshake(request)),
    http.all(`${API_BASE}/*`, ({ request }) => responder.handle(request)),
  ];
}

/** The msw server of the tunnel tests: `listen` in beforeAll, `resetHandlers` after each test. */
export function createTestServer() {
  return setupServer();
}
