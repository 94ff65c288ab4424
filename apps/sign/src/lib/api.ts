import { verifierReferenceValues, type ReferenceValuesSetting } from "@paraphe/attestation/pinning";
import { createApiClient, type ApiClient, type SigningCredential } from "@paraphe/api-sdk";
import { type TunnelClient, type VerifyEvidence } from "@paraphe/tunnel-client";
import { createContext, useContext } from "react";

/** The signing app's api client: only the public calls of the access link are used. */
export type SignApi = ApiClient;

interface CreateSignApiBaseOptions {
  apiUrl: string;
  appCredential: SigningCredential;
  /** The current language, sent as Accept-Language. */
  language: () => string | undefined;
  fetch?: typeof globalThis.fetch;
}

export type CreateSignApiOptions = CreateSignApiBaseOptions &
  (
    | {
        /** A tunnel to use instead of the real one (tests). */
        tunnel: TunnelClient;
      }
    | {
        /** An evidence check of your own (tests). */
        verifyEvidence: VerifyEvidence;
      }
    | {
        /**
         * The reference values the server's evidence is checked against: pinned at build time
         * (`readReferenceValuesSetting`), never taken from the server unless the build says
         * `"fetch-from-server"` (a development option).
         */
        referenceValues: ReferenceValuesSetting;
      }
  );

/**
 * The attestation check of the tunnel handshake against the reference values, loaded with the
 * first call: its certificate and ASN.1 code (SEV-SNP report chains) is the largest part of the
 * app, and the page can show its skeleton before it arrives.
 */
function lazyEvidenceVerifier(
  referenceValues: ReferenceValuesSetting,
  apiUrl: string,
  fetchImpl: typeof globalThis.fetch,
): VerifyEvidence {
  let verifier: Promise<VerifyEvidence> | null = null;
  return async (evidence, context) => {
    verifier ??= import("@paraphe/attestation").then(({ createEvidenceVerifier }) =>
      createEvidenceVerifier({
        referenceValues: verifierReferenceValues(referenceValues, { apiUrl, fetch: fetchImpl }),
      }),
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
    ...("tunnel" in options
      ? { tunnel: options.tunnel }
      : {
          verifyEvidence:
            "verifyEvidence" in options
              ? options.verifyEvidence
              : lazyEvidenceVerifier(options.referenceValues, options.apiUrl, fetchImpl),
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
