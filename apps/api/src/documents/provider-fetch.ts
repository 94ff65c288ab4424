import { createOutboundFetch } from "../http/outbound-fetch";
import type { CscFetch } from "../qes/csc-client";

/** The largest answer of a provider read: a larger one fails (`response_too_large`). */
const PROVIDER_MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * The fetch a qualified signature provider (CSC_BASE_URL) is reached with, in the api and in the
 * document worker: the api's outbound fetch, following no redirect and reading at most 1 MiB of
 * an answer. Private addresses are allowed: the provider is the operator's choice, not a team's,
 * and may run on the deployment's own network.
 */
export function providerFetch(maxResponseBytes: number = PROVIDER_MAX_RESPONSE_BYTES): CscFetch {
  const outbound = createOutboundFetch({ allowPrivateAddresses: true, maxResponseBytes });
  return (url, init) => outbound(url, init);
}
