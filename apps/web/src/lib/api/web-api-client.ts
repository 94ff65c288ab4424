// The api client's chunk (see `create-web-api.ts`): zod is told here, before the contract's
// schemas parse anything.
import "../../app/zod-jitless";
import { createApiClient, type ApiClientOptions } from "@paraphe/api-sdk";
import type { AttestationRecord, AttestationStorage } from "@paraphe/attestation";
import {
  readReferenceValuesSetting,
  verifierReferenceValues,
  type ReferenceValuesSetting,
} from "@paraphe/attestation/pinning";
import type { AttestationOutcome, VerifyEvidence } from "@paraphe/tunnel-client";
import { readStoredUser } from "../../app/session/session-storage";
import type { CreateWebApiOptions, WebApi } from "./create-web-api";

/** The record the security dialog reads (spec §3), from a verification outcome of the tunnel. */
export function attestationRecordOf(outcome: AttestationOutcome): AttestationRecord {
  const record: AttestationRecord = {
    status: JSON.stringify(outcome.status),
    date: new Date(outcome.checkedAt).toISOString(),
  };
  if (outcome.results !== undefined) record.results = JSON.stringify(outcome.results);
  return record;
}

/**
 * Saves each attestation outcome so that the security dialog shows it; a failure is only logged.
 * The store comes with the attestation checker's chunk (there once an outcome is), so that no part
 * of `@paraphe/attestation`'s main entry is in the first load.
 */
export async function saveAttestationOutcome(
  outcome: AttestationOutcome,
  storage: () => AttestationStorage = () => window.localStorage,
): Promise<void> {
  try {
    const { saveAttestation } = await import("@paraphe/attestation");
    saveAttestation(storage(), attestationRecordOf(outcome));
  } catch (error) {
    console.error("[attestation] The attestation record could not be saved.", error);
  }
}

/**
 * The attestation check of the tunnel handshake against the reference values, as the signing app
 * loads it: its certificate and ASN.1 code (SEV-SNP report chains) is a chunk of its own, not part of
 * the first load. `start` begins its download, which the client does with the handshake's first
 * request (so that it arrives during that round trip); no evidence is accepted, and so no secret
 * sent, before it has checked the server's. A failed download is tried again by the next handshake.
 */
export function lazyEvidenceVerifier(
  referenceValues: ReferenceValuesSetting,
  apiUrl: string,
  fetchImpl: typeof globalThis.fetch,
): { verifyEvidence: VerifyEvidence; start: () => void } {
  let verifier: Promise<VerifyEvidence> | null = null;
  const load = (): Promise<VerifyEvidence> => {
    const loading = import("@paraphe/attestation").then(({ createEvidenceVerifier }) =>
      createEvidenceVerifier({
        referenceValues: verifierReferenceValues(referenceValues, { apiUrl, fetch: fetchImpl }),
      }),
    );
    loading.catch(() => {
      if (verifier === loading) verifier = null;
    });
    return loading;
  };
  return {
    verifyEvidence: async (evidence, context) => {
      verifier ??= load();
      return (await verifier)(evidence, context);
    },
    start: () => {
      verifier ??= load();
    },
  };
}

/** The tunnel's side of the client: its evidence check against the reference values, its records. */
function tunnelOptions(
  options: CreateWebApiOptions,
): Pick<ApiClientOptions, "tunnel" | "verifyEvidence" | "onAttestation" | "fetch"> {
  if ("tunnel" in options) return { tunnel: options.tunnel };
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const referenceValues =
    options.referenceValues ?? readReferenceValuesSetting(import.meta.env.PARAPHE_REFERENCE_VALUES);
  const verifier = lazyEvidenceVerifier(referenceValues, options.apiUrl, fetchImpl);
  return {
    verifyEvidence: verifier.verifyEvidence,
    onAttestation: (outcome) => void saveAttestationOutcome(outcome, options.attestationStorage),
    // The tunnel's requests: the first (the handshake's) starts the checker's download.
    fetch: (...args) => {
      verifier.start();
      return fetchImpl(...args);
    },
  };
}

/**
 * The web app's api client itself (`createWebApi` gives it to the app once its chunk is there): the
 * tunnel checks the server's evidence against the reference
 * values of the api's build, pinned into this app at its build, and every outcome is saved for the
 * security dialog; member calls are signed with the stored session credential, public calls with
 * the app credential.
 */
export function createWebApiClient(options: CreateWebApiOptions): WebApi {
  return createApiClient({
    baseUrl: options.apiUrl,
    ...tunnelOptions(options),
    appCredential: options.appCredential,
    credential: options.credential ?? (() => readStoredUser()),
    language: options.language,
    onAuthenticationError: options.onAuthenticationError,
    ...(options.traceparent ? { traceparent: options.traceparent } : {}),
  });
}
