import { referenceValuesFromServer, type ReferenceValues } from "../evidence/reference-values";

/**
 * Where a client's evidence check gets the attestation reference values: the values of the api's
 * build, pinned into the client when it was built (the apps' Vite configuration reads
 * `apps/api/dist/reference-values.json`); `"fetch-from-server"` in a build made with
 * `VITE_DEV_FETCH_REFERENCE_VALUES=1`, a development option (the server then vouches for itself,
 * which verifies nothing); `"missing"` in a bundle built without the app's Vite configuration.
 */
export type ReferenceValuesSetting = ReferenceValues | "fetch-from-server" | "missing";

/** Why every handshake of a bundle without reference values fails. */
export const MISSING_REFERENCE_VALUES =
  "This build carries no attestation reference values: build the app with its Vite configuration, after the api.";

/** Reads the text the build defines (`import.meta.env.PARAPHE_REFERENCE_VALUES` in the apps). */
export function readReferenceValuesSetting(text: string | undefined): ReferenceValuesSetting {
  if (text === undefined || text === "") return "missing";
  if (text === "fetch-from-server") return text;
  return JSON.parse(text) as ReferenceValues;
}

/** Where the development option asks for the server's own reference values. */
export interface ReferenceValuesServer {
  apiUrl: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * The `referenceValues` of `createEvidenceVerifier` for a setting: the pinned values as they are;
 * the server's in development (`referenceValuesFromServer`); none at all when they are missing, so
 * that every handshake fails and says why rather than trusting the server.
 */
export function verifierReferenceValues(
  setting: ReferenceValuesSetting,
  server: ReferenceValuesServer,
): ReferenceValues | (() => Promise<ReferenceValues>) {
  if (setting === "fetch-from-server") {
    return referenceValuesFromServer(server.apiUrl, { fetch: server.fetch });
  }
  if (setting === "missing") return () => Promise.reject(new Error(MISSING_REFERENCE_VALUES));
  return setting;
}
