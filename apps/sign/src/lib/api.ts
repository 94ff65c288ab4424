import { createApiClient, type ApiClient, type SigningCredential } from "@paraphe/api-sdk";
import type { ReferenceValues } from "@paraphe/attestation";
import { type TunnelClient, type VerifyEvidence } from "@paraphe/tunnel-client";
import { createContext, useContext } from "react";

/** The signing app's api client: only the public calls of the access link are used. */
export type SignApi = ApiClient;

export interface CreateSignApiOptions {
  apiUrl: string;
  appCredential: SigningCredential;
  /** The current language, sent as Accept-Language. */
  language: () => string | undefined;
  /** A tunnel to use instead of the real one (tests). */
  tunnel?: TunnelClient;
  fetch?: typeof globalThis.fetch;
  /** The evidence check; the attestation verifier with the build's reference values by default. */
  verifyEvidence?: VerifyEvidence;
}

/** Reads `GET /attestation/reference-values` (the values the build produced). */
async function fetchReferenceValues(
  apiUrl: string,
  fetchImpl: typeof globalThis.fetch,
): Promise<ReferenceValues> {
  const response = await fetchImpl(`${apiUrl}/attestation/reference-values`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Reference values: HTTP ${response.status}`);
  const body = (await response.json()) as { referenceValues?: ReferenceValues } & ReferenceValues;
  return (body.referenceValues ?? body) as ReferenceValues;
}

/**
 * The attestation check of the tunnel handshake, loaded with the first call: its certificate and
 * ASN.1 code (SEV-SNP report chains) is the largest part of the app, and the page can show its
 * skeleton before it arrives.
 */
function lazyEvidenceVerifier(apiUrl: string, fetchImpl: typeof globalThis.fetch): VerifyEvidence {
  let verifier: Promise<VerifyEvidence> | null = null;
  return async (evidence, context) => {
    verifier ??= import("@paraphe/attestation").then(({ createEvidenceVerifier }) =>
      createEvidenceVerifier({ referenceValues: () => fetchReferenceValues(apiUrl, fetchImpl) }),
    );
    verifier.catch(() => {
      verifier = null;
    });
    return (await verifier)(evidence, context);
  };
}

/**
 * Builds the api client: every call goes through the attested tunnel and is signed with the app
 * credential; the access link (token and secret) carried in each call is what authorises it.
 */
export function createSignApi(options: CreateSignApiOptions): SignApi {
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  return createApiClient({
    baseUrl: options.apiUrl,
    ...(options.tunnel
      ? { tunnel: options.tunnel }
      : {
          verifyEvidence: options.verifyEvidence ?? lazyEvidenceVerifier(options.apiUrl, fetchImpl),
          fetch: fetchImpl,
        }),
    appCredential: options.appCredential,
    language: options.language,
  });
}

// The contract's envelope types are not exported by name yet: they are read off the client's calls.
type EnvelopeCalls = SignApi["envelope"];
/** What an access link carries: the envelope, the link's token and its secret. */
export type AccessLink = Parameters<EnvelopeCalls["open"]>[0];
/** The answer of `/envelope/open`: the envelope, this recipient, documents, fields, viewed pages. */
export type OpenedEnvelope = Awaited<ReturnType<EnvelopeCalls["open"]>>;
export type SignerDocument = OpenedEnvelope["documents"][number];
export type SignerField = OpenedEnvelope["fields"][number];
export type SignRequest = Parameters<EnvelopeCalls["sign"]>[0];
export type SignatureInput = SignRequest["signature"];

export const ApiContext = createContext<SignApi | null>(null);

/** The app's api client (provided by `App`). */
export function useApi(): SignApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi must be used inside the App's ApiContext");
  return api;
}
