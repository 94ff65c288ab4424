// First: zod's configuration for the Content-Security-Policy, before any schema of the contract parses.
import "../app/zod-jitless";
import {
  readReferenceValuesSetting,
  verifierReferenceValues,
  type ReferenceValuesSetting,
} from "@paraphe/attestation/pinning";
import {
  createQueryClientDefaults,
  createSignerApiClient,
  type QueryClientRetryDefaults,
  type SigningCredential,
} from "@paraphe/api-sdk";
import { type TunnelClient, type VerifyEvidence } from "@paraphe/tunnel-client";
import type { SignApi } from "./api";
import { config } from "./config";
import { telemetryTraceparent } from "./telemetry/telemetry";

interface CreateSignApiBaseOptions {
  apiUrl: string;
  appCredential: SigningCredential;
  /** The current language, sent as Accept-Language. */
  language: () => string | undefined;
  /** The W3C trace context of each call, when telemetry runs (README "Telemetry"). */
  traceparent?: () => string | undefined;
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
 * The attestation check of the tunnel handshake against the reference values (SEV-SNP reports and
 * their AMD certificate chains, read by the package's own DER reader, checked with WebCrypto): a
 * chunk of its own, which index.html preloads with the entry (`firstWaveModules` in the vite
 * config), so that it is there by the time the handshake's first request is answered; no evidence
 * is accepted, and so no secret sent, before it has checked the server's.
 */
function lazyEvidenceVerifier(
  referenceValues: ReferenceValuesSetting,
  apiUrl: string,
  fetchImpl: typeof globalThis.fetch,
): VerifyEvidence {
  let verifier: Promise<VerifyEvidence> | null = null;
  const load = (): Promise<VerifyEvidence> => {
    const loading = import("@paraphe/attestation").then(({ createEvidenceVerifier }) =>
      createEvidenceVerifier({
        referenceValues: verifierReferenceValues(referenceValues, { apiUrl, fetch: fetchImpl }),
      }),
    );
    // A failed download is tried again by the next handshake.
    loading.catch(() => {
      if (verifier === loading) verifier = null;
    });
    return loading;
  };
  verifier = load();
  return async (evidence, context) => {
    verifier ??= load();
    return (await verifier)(evidence, context);
  };
}

/**
 * Builds the api client: every call goes through the attested tunnel and is signed with the app
 * credential; the access link (token and secret) carried in each call is what authorises it.
 */
export function createSignApi(options: CreateSignApiOptions): SignApi {
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  // The signer's calls only: the rest of the contract's table and schemas stay out of the entry.
  return createSignerApiClient({
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
    ...(options.traceparent ? { traceparent: options.traceparent } : {}),
  });
}

/**
 * The client of the running app: the build's configuration and the reference values pinned into
 * it. Loaded as a chunk of its own (tunnel, HPKE, the contract's schemas), which `main.tsx` starts
 * downloading with the first paint.
 */
export function createConfiguredSignApi(language: () => string | undefined): SignApi {
  return createSignApi({
    apiUrl: config.apiUrl,
    appCredential: config.appCredential,
    referenceValues: readReferenceValuesSetting(import.meta.env.PARAPHE_REFERENCE_VALUES),
    language,
    // Only a build with a collector carries the telemetry's code.
    ...(import.meta.env.VITE_TELEMETRY_URL ? { traceparent: telemetryTraceparent } : {}),
  });
}

/**
 * The query client's retry rules (spec §7): only after the tunnel's empty-message failures or a
 * lost tunnel session. Here rather than in `App`, since the SDK's error module carries the
 * contract's schemas; set before any query runs.
 */
export function signQueryDefaults(api: () => SignApi): QueryClientRetryDefaults {
  return createQueryClientDefaults({
    onResetRoutine: () => api().tunnel.reset(),
    onTunnelLost: () => api().tunnel.destroy(),
  });
}
