import { createApiClient, type ApiClient, type ApiClientOptions } from "@paraphe/api-sdk";
import {
  createEvidenceVerifier,
  saveAttestation,
  type AttestationRecord,
  type AttestationStorage,
  type ReferenceValues,
} from "@paraphe/attestation";
import { type AttestationOutcome, type TunnelClient } from "@paraphe/tunnel-client";
import { readStoredUser } from "../../app/session/session-storage";

/** The one api client of the web app: typed calls through the tunnel, signed with the right credential. */
export type WebApi = ApiClient;

export interface CreateWebApiOptions {
  apiUrl: string;
  appCredential: { accessKey: string; secretKey: string };
  /** The current language, sent as Accept-Language. */
  language: () => string | undefined;
  /** A member call answered 401 AUTHENTICATION_ERROR (spec §8). */
  onAuthenticationError: ApiClientOptions["onAuthenticationError"];
  /** A tunnel to use instead of the real one (tests). */
  tunnel?: TunnelClient;
  fetch?: typeof globalThis.fetch;
  /** Where attestation records go; `localStorage` by default. */
  attestationStorage?: () => AttestationStorage;
}

/** Reads `GET /attestation/reference-values` ({referenceValues} or, from older apis, the bare map). */
export async function fetchReferenceValues(
  apiUrl: string,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): Promise<ReferenceValues> {
  const response = await fetchImpl(`${apiUrl}/attestation/reference-values`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Reference values: HTTP ${response.status}`);
  const body = (await response.json()) as { referenceValues?: ReferenceValues } & ReferenceValues;
  return (body.referenceValues ?? body) as ReferenceValues;
}

/** The record the security dialog reads (spec §3), from a verification outcome of the tunnel. */
export function attestationRecordOf(outcome: AttestationOutcome): AttestationRecord {
  const record: AttestationRecord = {
    status: JSON.stringify(outcome.status),
    date: new Date(outcome.checkedAt).toISOString(),
  };
  if (outcome.results !== undefined) record.results = JSON.stringify(outcome.results);
  return record;
}

/** Saves each attestation outcome so that the security dialog shows it; a failure is only logged. */
export function saveAttestationOutcome(
  outcome: AttestationOutcome,
  storage: () => AttestationStorage = () => window.localStorage,
): void {
  try {
    saveAttestation(storage(), attestationRecordOf(outcome));
  } catch (error) {
    console.error("[attestation] The attestation record could not be saved.", error);
  }
}

/**
 * Builds the web app's api client: the tunnel checks the server's evidence against the build's
 * reference values and every outcome is saved for the security dialog; member calls are signed with
 * the stored session credential, public calls with the app credential.
 */
export function createWebApi(options: CreateWebApiOptions): WebApi {
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  return createApiClient({
    baseUrl: options.apiUrl,
    ...(options.tunnel
      ? { tunnel: options.tunnel }
      : {
          verifyEvidence: createEvidenceVerifier({
            referenceValues: () => fetchReferenceValues(options.apiUrl, fetchImpl),
          }),
          onAttestation: (outcome) => saveAttestationOutcome(outcome, options.attestationStorage),
          fetch: fetchImpl,
        }),
    appCredential: options.appCredential,
    credential: () => readStoredUser(),
    language: options.language,
    onAuthenticationError: options.onAuthenticationError,
  });
}
