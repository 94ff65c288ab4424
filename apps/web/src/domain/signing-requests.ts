import { type RecipientStatus, type SigningRequest } from "@paraphe/api-sdk/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi } from "../lib/api/api-context";
import { type WebApi } from "../lib/api/create-web-api";
import { config } from "../lib/config";

/**
 * The signing requests of the signed-in member (POST /envelope/list-requests, spec §3): read by the
 * inbox, the dashboard, the envelope view (its sign link) and the inbox dot, so it lives here.
 */
export const signingRequestKeys = {
  all: ["signing-requests"] as const,
  list: () => ["signing-requests", "list"] as const,
};

/** Requests change when someone sends or signs: refreshed after a minute, and on focus. */
export const SIGNING_REQUESTS_STALE_MS = 60_000;

export function signingRequestsQueryOptions(api: WebApi) {
  return queryOptions({
    queryKey: signingRequestKeys.list(),
    queryFn: ({ signal }) => api.envelope.listRequests({}, { signal }),
    select: (data) => sortRequests(data.requests),
    staleTime: SIGNING_REQUESTS_STALE_MS,
  });
}

export function useSigningRequests() {
  const api = useApi();
  return useQuery(signingRequestsQueryOptions(api));
}

/** Spec §4: pending requests first, then the others (each group keeps the api's order). */
export function sortRequests(requests: readonly SigningRequest[]): SigningRequest[] {
  return [
    ...requests.filter((request) => request.recipientStatus === "pending"),
    ...requests.filter((request) => request.recipientStatus !== "pending"),
  ];
}

/** Spec §4: the recent list is the first 5. */
export const RECENT_REQUESTS_COUNT = 5;

/** The status of a request card (spec §4 display mapping). */
export type RequestCardStatus = "signing" | "complete" | "declined";

export function requestCardStatus(status: RecipientStatus | string): RequestCardStatus {
  switch (status) {
    case "pending":
      return "signing";
    case "approved":
    case "signed":
      return "complete";
    case "declined":
    case "canceled":
      return "declined";
    default:
      return "complete";
  }
}

/** A request still waiting for the member: pending while the envelope is still out for signature. */
export function isActionable(request: SigningRequest): boolean {
  return (
    request.recipientStatus === "pending" &&
    (request.envelopeStatus === "signing" || request.envelopeStatus === "approving")
  );
}

/** The public signing app's link of a request: the secret stays in the fragment (ARCHITECTURE §6). */
export function signingLinkOf(
  request: Pick<SigningRequest, "envelopeUuid" | "recipientLink">,
  signUrl: string = config.signUrl,
): string {
  const fragment = new URLSearchParams({
    token: request.recipientLink.token,
    secret: request.recipientLink.secretKey,
  });
  return `${signUrl}/sign/${encodeURIComponent(request.envelopeUuid)}#${fragment.toString()}`;
}
