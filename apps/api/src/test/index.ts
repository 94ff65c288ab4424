/**
 * `@paraphe/api/testing`: test helpers for the workspace's tools (the benchmarks): PDFs and a
 * signature image made on the fly, the mail outbox opened, the real tunnel client against an app in the same process, and a
 * local RFC 3161 timestamp authority. Not part of the server.
 */
export { makePdf, makeSignaturePng } from "./documents";
export { outboxMails } from "./outbox";
export { startTestTsa } from "./tsa";
export {
  bindingVerifier,
  createTestTunnelClient,
  fetchFromApp,
  openManualSession,
  type FetchLike,
  type ManualSession,
} from "./tunnel";
export {
  startTestIdentityProvider,
  type TestIdentityProvider,
  type TestIdentityProviderUrls,
} from "./oidc-provider";
export {
  hasExited,
  killApiProcess,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from "./api-process";
export { startPrivatePostgres, type PrivatePostgres } from "./postgres-server";
