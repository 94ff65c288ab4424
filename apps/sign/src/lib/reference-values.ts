import type { ReferenceValues } from "@paraphe/attestation";

/**
 * Where the tunnel's evidence check gets the attestation reference values: the values of the api's
 * build, pinned into this app when it was built (the Vite configuration reads
 * `apps/api/dist/reference-values.json`), or `"fetch-from-server"` in a build made with
 * `VITE_DEV_FETCH_REFERENCE_VALUES=1`, a development option: the server then vouches for itself,
 * which verifies nothing.
 */
export type ReferenceValuesSetting = ReferenceValues | "fetch-from-server";

/**
 * Reads `import.meta.env.PARAPHE_REFERENCE_VALUES`, which the build defines. A bundle built
 * without the app's Vite configuration has none: it fails here rather than trusting the server.
 */
export function readReferenceValuesSetting(text: string | undefined): ReferenceValuesSetting {
  if (text === "fetch-from-server") return text;
  if (text === undefined || text === "") {
    throw new Error(
      "This build carries no attestation reference values: build the app with its Vite configuration, after the api.",
    );
  }
  return JSON.parse(text) as ReferenceValues;
}
