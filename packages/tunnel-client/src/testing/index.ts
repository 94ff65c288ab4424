/**
 * @paraphe/tunnel-client/testing — an in-memory tunnel server with real cryptography, for tests of
 * code built on the tunnel client or the api SDK. Route its `handshake` and `handle` from a fetch
 * stub (msw: `http.post(base + "/tunnel/session", ({ request }) => responder.handshake(request))`,
 * `http.all(base + "/*", ({ request }) => responder.handle(request))`). Not for product code.
 */
export {
  createTestResponder,
  errorResponse,
  type Route,
  type RouteRequest,
  type RouteResponse,
  type TestResponder,
  type TestResponderOptions,
} from "./responder";
export { TEST_STATUS, verifyTestEvidence } from "./evidence";
