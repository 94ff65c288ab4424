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
