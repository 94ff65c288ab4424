import { bytesEqual, sha256 } from "./bytes";
import {
  decodeBase64,
  encodeBase64,
  isInnerList,
  parseDictionary,
  serializeByteSequence,
  StructuredFieldError,
} from "./structured-fields";

/**
 * The RFC 9530 `Content-Digest` value of a body: the dictionary `sha-256=:<base64 SHA-256>:`,
 * computed over the exact bytes that travel (for a tunnelled call, the sealed body).
 */
export async function computeContentDigest(body: Uint8Array): Promise<string> {
  return contentDigestOf(await sha256(body));
}

/** The `Content-Digest` value of a body whose SHA-256 is `digest`. */
export function contentDigestOf(digest: Uint8Array): string {
  return `sha-256=${serializeByteSequence(digest)}`;
}

/**
 * The legacy RFC 3230 `Digest` value (`SHA-256=<base64>`), obsoleted by RFC 9530 and sent beside
 * `Content-Digest` for the spec's header set. Only `Content-Digest` is covered by the signature.
 */
export async function computeLegacyDigest(body: Uint8Array): Promise<string> {
  return legacyDigestOf(await sha256(body));
}

/** The legacy `Digest` value of a body whose SHA-256 is `digest`. */
export function legacyDigestOf(digest: Uint8Array): string {
  return `SHA-256=${encodeBase64(digest)}`;
}

export type DigestCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "malformed" | "mismatch"; readonly message: string };

/**
 * Checks a `Content-Digest` field value against a body. The value must be a valid RFC 8941
 * dictionary with a `sha-256` byte-sequence member; members of other algorithms are ignored.
 */
export async function checkContentDigest(
  fieldValue: string,
  body: Uint8Array,
): Promise<DigestCheck> {
  return checkContentDigestOf(fieldValue, await sha256(body));
}

/** `checkContentDigest` against a body whose SHA-256 is `actual` (computed once by the caller). */
export function checkContentDigestOf(fieldValue: string, actual: Uint8Array): DigestCheck {
  let expected: Uint8Array;
  try {
    const member = parseDictionary(fieldValue).get("sha-256");
    if (member === undefined) {
      return { ok: false, reason: "malformed", message: "Content-Digest has no sha-256 member" };
    }
    if (isInnerList(member) || !(member.value instanceof Uint8Array)) {
      return {
        ok: false,
        reason: "malformed",
        message: "Content-Digest's sha-256 member is not a byte sequence",
      };
    }
    expected = member.value;
  } catch (error) {
    if (!(error instanceof StructuredFieldError)) throw error;
    return { ok: false, reason: "malformed", message: `Content-Digest: ${error.message}` };
  }
  if (!bytesEqual(expected, actual)) {
    return { ok: false, reason: "mismatch", message: "Content-Digest does not match the body" };
  }
  return { ok: true };
}

/**
 * Checks a legacy `Digest` field value (`alg=base64` pairs separated by commas, algorithm names
 * case-insensitive) against a body. Its SHA-256 entries must all match; a value without one, or
 * that does not parse, is malformed.
 */
export async function checkLegacyDigest(
  fieldValue: string,
  body: Uint8Array,
): Promise<DigestCheck> {
  return checkLegacyDigestOf(fieldValue, await sha256(body));
}

/** `checkLegacyDigest` against a body whose SHA-256 is `actual` (computed once by the caller). */
export function checkLegacyDigestOf(fieldValue: string, actual: Uint8Array): DigestCheck {
  const digests: Uint8Array[] = [];
  for (const part of fieldValue.split(",")) {
    const entry = part.trim();
    const eq = entry.indexOf("=");
    if (eq <= 0) return { ok: false, reason: "malformed", message: "Digest does not parse" };
    if (entry.slice(0, eq).toLowerCase() !== "sha-256") continue;
    const bytes = decodeBase64(entry.slice(eq + 1));
    if (bytes === null)
      return { ok: false, reason: "malformed", message: "Digest: invalid base64" };
    digests.push(bytes);
  }
  if (digests.length === 0) {
    return { ok: false, reason: "malformed", message: "Digest has no SHA-256 entry" };
  }
  if (!digests.every((digest) => bytesEqual(digest, actual))) {
    return { ok: false, reason: "mismatch", message: "Digest does not match the body" };
  }
  return { ok: true };
}
