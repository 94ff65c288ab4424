import { copyBytes, toHex } from "../internal/bytes";

/** Component name to its expected measurement (lowercase hexadecimal), as produced by the build. */
export type ReferenceValues = Readonly<Record<string, string>>;

/**
 * The reference value of a software component: the SHA-256 of its bytes, in lowercase
 * hexadecimal. The build computes it over each artefact (system image, container bundle, ...); the
 * server computes the same over what it actually runs, and the two are compared.
 */
export async function computeReferenceValue(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", copyBytes(bytes));
  return toHex(new Uint8Array(digest));
}

const COMPONENT_NAME = /^[a-z0-9_]{1,64}$/;
/** A digest in hexadecimal: SHA-256 (32 bytes) for software, 48 bytes for a SEV-SNP launch measurement. */
const DIGEST_HEX = /^(?:[0-9a-f]{2}){32,64}$/i;

/**
 * Checks reference values (the api build's `reference-values.json`, pinned into a client at its
 * build): an object of component names (`[a-z0-9_]`, at most 64) to digests in hexadecimal (32 to 64
 * bytes). Gives them with the digests in lowercase; throws a `TypeError` naming the first problem.
 */
export function parseReferenceValues(value: unknown): ReferenceValues {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError("Reference values must be an object of component names to digests.");
  }
  const values: Record<string, string> = {};
  for (const [name, digest] of Object.entries(value)) {
    if (!COMPONENT_NAME.test(name)) {
      throw new TypeError(
        `Invalid component name in the reference values: ${JSON.stringify(name)}.`,
      );
    }
    if (typeof digest !== "string" || !DIGEST_HEX.test(digest)) {
      throw new TypeError(`The reference value of ${name} is not a hexadecimal digest.`);
    }
    values[name] = digest.toLowerCase();
  }
  return values;
}

export interface ReferenceValuesFromServerOptions {
  fetch?: typeof globalThis.fetch;
}

/**
 * DEVELOPMENT ONLY. Reads the reference values the checked server serves about itself
 * (`GET /attestation/reference-values`), for `createEvidenceVerifier({ referenceValues })`. A client
 * that takes them from the server it checks verifies nothing: a production client pins the values
 * of the api's build instead. Use it only against a development api whose build the client was not
 * built with. The answer is checked with {@link parseReferenceValues}.
 */
export function referenceValuesFromServer(
  baseUrl: string,
  options: ReferenceValuesFromServerOptions = {},
): () => Promise<ReferenceValues> {
  return async () => {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const response = await fetchImpl(
      `${baseUrl.replace(/\/+$/, "")}/attestation/reference-values`,
      {
        headers: { Accept: "application/json" },
      },
    );
    if (!response.ok) throw new Error(`Reference values: HTTP ${response.status}`);
    const body = (await response.json()) as { referenceValues?: unknown } | null;
    return parseReferenceValues(body?.referenceValues);
  };
}
