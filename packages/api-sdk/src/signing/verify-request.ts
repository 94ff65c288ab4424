import { utf8 } from "./bytes";
import {
  DEFAULT_MAX_SKEW_SECONDS,
  NONCE_PATTERN,
  SIGNATURE_ALGORITHM,
  SIGNATURE_LABEL,
  SIGNED_COMPONENTS,
} from "./constants";
import { checkContentDigestOf, checkLegacyDigestOf } from "./content-digest";
import { webCryptoPrimitives, type SignaturePrimitives } from "./hmac";
import {
  createSignatureBase,
  isSupportedComponent,
  normalizeFields,
  normalizeMethod,
  SignatureBaseError,
  type HeadersInput,
} from "./signature-base";
import {
  isInnerList,
  parseDictionary,
  parseItem,
  StructuredFieldError,
  type SfBareItem,
  type SfDictionary,
} from "./structured-fields";

/** Why a request signature was refused. */
export const SignatureFailureCode = {
  /** No `Signature` or no `Signature-Input` header. */
  MISSING_SIGNATURE: "MISSING_SIGNATURE",
  /** `Signature-Input` does not parse, lacks the label, or its parameters are missing or invalid. */
  MALFORMED_SIGNATURE_INPUT: "MALFORMED_SIGNATURE_INPUT",
  /** `Signature` does not parse, or has no byte sequence for the label. */
  MALFORMED_SIGNATURE: "MALFORMED_SIGNATURE",
  /** `alg` is not `hmac-sha256`. */
  UNSUPPORTED_ALGORITHM: "UNSUPPORTED_ALGORITHM",
  /** A required component is not covered, or a covered header is absent. */
  MISSING_COMPONENT: "MISSING_COMPONENT",
  /** `X-Timestamp` is not an RFC 8941 integer (at most 15 digits). */
  MALFORMED_TIMESTAMP: "MALFORMED_TIMESTAMP",
  /** `X-Timestamp` differs from the signature's `created`. */
  TIMESTAMP_MISMATCH: "TIMESTAMP_MISMATCH",
  /** Created longer ago than the skew window allows. */
  STALE_TIMESTAMP: "STALE_TIMESTAMP",
  /** Created further in the future than the skew window allows. */
  CLOCK_SKEW: "CLOCK_SKEW",
  /** The signature's own `expires` has passed. */
  EXPIRED_SIGNATURE: "EXPIRED_SIGNATURE",
  /** `Content-Length` is not the body's length. */
  LENGTH_MISMATCH: "LENGTH_MISMATCH",
  /** `Content-Digest` (or the legacy `Digest`) does not parse or has no SHA-256 value. */
  MALFORMED_DIGEST: "MALFORMED_DIGEST",
  /** `Content-Digest` (or the legacy `Digest`) does not match the body. */
  DIGEST_MISMATCH: "DIGEST_MISMATCH",
  /** `lookupSecret` knows no secret for the `keyid`. */
  UNKNOWN_KEY: "UNKNOWN_KEY",
  /** The MAC does not match the signature base. */
  BAD_SIGNATURE: "BAD_SIGNATURE",
  /** The nonce was already used with this key inside the window. */
  REPLAYED_NONCE: "REPLAYED_NONCE",
} as const;

export type SignatureFailureCode = (typeof SignatureFailureCode)[keyof typeof SignatureFailureCode];

/** Remembers nonces: answers whether (keyId, nonce) was seen, and records it otherwise. */
export interface NonceStore {
  /**
   * True when this key already used this nonce and the record has not expired; otherwise records
   * it until `expiresAt` (Unix seconds) and answers false. Must check and record atomically.
   */
  seen(keyId: string, nonce: string, expiresAt: number): Promise<boolean>;
}

export interface VerifyRequestInput {
  readonly method: string;
  /** The full URL the client addressed (public scheme and authority: mind reverse proxies). */
  readonly url: string | URL;
  readonly headers: HeadersInput;
  /** The exact bytes received. */
  readonly body: Uint8Array;
  /** The secret of an access key, or null when the key is unknown (or revoked). */
  readonly lookupSecret: (accessKey: string) => Promise<string | null>;
  readonly nonceStore: NonceStore;
  /** The clock, milliseconds since the Unix epoch; `Date.now()` by default. */
  readonly now?: number;
  /** Seconds a creation time may be off the clock, either way; 300 by default. */
  readonly maxSkewSeconds?: number;
  /** SHA-256 and the HMAC check; WebCrypto by default (`webCryptoPrimitives`). */
  readonly primitives?: SignaturePrimitives;
}

export type VerifyRequestResult =
  | { readonly ok: true; readonly accessKey: string }
  | { readonly ok: false; readonly code: SignatureFailureCode; readonly message: string };

interface ParsedSignatureInput {
  readonly components: readonly string[];
  readonly params: ReadonlyMap<string, SfBareItem>;
  readonly created: number;
  readonly expires: number | undefined;
  readonly keyId: string;
  readonly nonce: string;
  readonly alg: string;
}

class Refusal extends Error {
  constructor(
    readonly code: SignatureFailureCode,
    message: string,
  ) {
    super(message);
  }
}

function refuse(code: SignatureFailureCode, message: string): never {
  throw new Refusal(code, message);
}

function parseField(value: string, field: string, code: SignatureFailureCode): SfDictionary {
  try {
    return parseDictionary(value);
  } catch (error) {
    if (error instanceof StructuredFieldError) return refuse(code, `${field}: ${error.message}`);
    throw error;
  }
}

function parseSignatureInput(value: string): ParsedSignatureInput {
  const malformed = (message: string): never =>
    refuse(SignatureFailureCode.MALFORMED_SIGNATURE_INPUT, `Signature-Input: ${message}`);
  const member = parseField(value, "Signature-Input", "MALFORMED_SIGNATURE_INPUT").get(
    SIGNATURE_LABEL,
  );
  if (member === undefined) return malformed(`no signature labelled ${SIGNATURE_LABEL}`);
  if (!isInnerList(member)) return malformed("the signature's value is not an inner list");

  const components: string[] = [];
  for (const item of member.items) {
    if (typeof item.value !== "string") return malformed("a component identifier is not a string");
    if (item.params.size > 0) return malformed(`component parameters are not supported`);
    if (!isSupportedComponent(item.value))
      return malformed(`unsupported component "${item.value}"`);
    if (components.includes(item.value)) return malformed(`component "${item.value}" is repeated`);
    components.push(item.value);
  }

  const { params } = member;
  const created = params.get("created");
  if (created === undefined) return malformed("no created parameter");
  if (typeof created !== "number" || created < 0) return malformed("created is not a Unix time");
  const expires = params.get("expires");
  if (expires !== undefined && typeof expires !== "number")
    return malformed("expires is not an integer");
  const keyId = params.get("keyid");
  if (typeof keyId !== "string" || keyId === "") return malformed("no keyid string parameter");
  const nonce = params.get("nonce");
  if (typeof nonce !== "string" || !NONCE_PATTERN.test(nonce)) {
    return malformed("no nonce of 16 to 128 base64 characters");
  }
  const alg = params.get("alg");
  if (typeof alg !== "string") return malformed("no alg string parameter");
  return { components, params, created, expires, keyId, nonce, alg };
}

function parseSignature(value: string): Uint8Array {
  const member = parseField(value, "Signature", "MALFORMED_SIGNATURE").get(SIGNATURE_LABEL);
  if (member === undefined) {
    return refuse("MALFORMED_SIGNATURE", `Signature: no signature labelled ${SIGNATURE_LABEL}`);
  }
  if (isInnerList(member) || !(member.value instanceof Uint8Array)) {
    return refuse("MALFORMED_SIGNATURE", "Signature: the value is not a byte sequence");
  }
  return member.value;
}

function parseTimestamp(value: string): number {
  try {
    const item = parseItem(value);
    if (typeof item.value === "number" && item.params.size === 0) return item.value;
  } catch (error) {
    if (!(error instanceof StructuredFieldError)) throw error;
    return refuse("MALFORMED_TIMESTAMP", `X-Timestamp: ${error.message}`);
  }
  return refuse("MALFORMED_TIMESTAMP", "X-Timestamp is not an integer");
}

/**
 * Verifies a request signed by `signRequest` (RFC 9421 `hmac-sha256` over `SIGNED_COMPONENTS`,
 * labelled `sig1`): the headers' syntax, the covered components, the creation time within
 * `maxSkewSeconds` of the clock (and equal to `X-Timestamp`), `Content-Length` and
 * `Content-Digest` (and a legacy `Digest`, when sent) against the body, the MAC (WebCrypto
 * `verify`, constant time) and, last, the nonce: it is recorded only for an authentic request.
 *
 * The failure codes are for logs and metrics; answer the client with one AUTHENTICATION_ERROR
 * rather than telling which check failed. `lookupSecret` and `nonceStore` errors propagate.
 */
export async function verifyRequestSignature(
  input: VerifyRequestInput,
): Promise<VerifyRequestResult> {
  try {
    return { ok: true, accessKey: await verify(input) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

async function verify(input: VerifyRequestInput): Promise<string> {
  const maxSkew = input.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS;
  if (!Number.isFinite(maxSkew) || maxSkew < 0) {
    throw new RangeError(`maxSkewSeconds must be a non-negative number, got ${maxSkew}`);
  }
  const fields = normalizeFields(input.headers);
  const signatureInput = fields.get("signature-input");
  const signatureField = fields.get("signature");
  if (signatureInput === undefined || signatureField === undefined) {
    return refuse("MISSING_SIGNATURE", "the request has no Signature and Signature-Input headers");
  }

  const parsed = parseSignatureInput(signatureInput);
  if (parsed.alg !== SIGNATURE_ALGORITHM) {
    return refuse(
      "UNSUPPORTED_ALGORITHM",
      `alg ${JSON.stringify(parsed.alg)} is not ${SIGNATURE_ALGORITHM}`,
    );
  }
  const uncovered = SIGNED_COMPONENTS.filter((name) => !parsed.components.includes(name));
  if (uncovered.length > 0) {
    return refuse("MISSING_COMPONENT", `the signature does not cover ${uncovered.join(", ")}`);
  }
  const mac = parseSignature(signatureField);

  // Covered, so present unless the header itself is missing.
  const timestampField = fields.get("x-timestamp");
  if (timestampField === undefined)
    return refuse("MISSING_COMPONENT", "the request has no X-Timestamp header");
  if (parseTimestamp(timestampField) !== parsed.created) {
    return refuse("TIMESTAMP_MISMATCH", "X-Timestamp differs from the signature's created time");
  }
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (parsed.created < nowSeconds - maxSkew) {
    return refuse("STALE_TIMESTAMP", `the signature was created more than ${maxSkew} s ago`);
  }
  if (parsed.created > nowSeconds + maxSkew) {
    return refuse("CLOCK_SKEW", `the signature was created more than ${maxSkew} s in the future`);
  }
  if (parsed.expires !== undefined && parsed.expires < nowSeconds) {
    return refuse("EXPIRED_SIGNATURE", "the signature has expired");
  }

  let base: string;
  try {
    base = createSignatureBase(
      { method: normalizeMethod(input.method), url: new URL(input.url), fields },
      parsed.components,
      parsed.params,
    );
  } catch (error) {
    if (error instanceof SignatureBaseError) return refuse("MISSING_COMPONENT", error.message);
    throw error;
  }

  const { body } = input;
  const contentLength = fields.get("content-length") ?? "";
  if (!/^[0-9]+$/.test(contentLength) || Number(contentLength) !== body.length) {
    return refuse("LENGTH_MISMATCH", `Content-Length is not the body's length (${body.length})`);
  }
  const primitives = input.primitives ?? webCryptoPrimitives;
  // One SHA-256 of the body for Content-Digest and the legacy Digest.
  const actual = await primitives.sha256(body);
  const contentDigest = checkContentDigestOf(fields.get("content-digest") ?? "", actual);
  if (!contentDigest.ok) {
    return refuse(
      contentDigest.reason === "malformed" ? "MALFORMED_DIGEST" : "DIGEST_MISMATCH",
      contentDigest.message,
    );
  }
  const legacy = fields.get("digest");
  if (legacy !== undefined) {
    const legacyDigest = checkLegacyDigestOf(legacy, actual);
    if (!legacyDigest.ok) {
      return refuse(
        legacyDigest.reason === "malformed" ? "MALFORMED_DIGEST" : "DIGEST_MISMATCH",
        legacyDigest.message,
      );
    }
  }

  const secret = await input.lookupSecret(parsed.keyId);
  if (secret === null || secret === "") return refuse("UNKNOWN_KEY", "unknown access key");
  if (!(await primitives.verifyHmacSha256(utf8(secret), mac, utf8(base)))) {
    return refuse("BAD_SIGNATURE", "the signature does not match the request");
  }

  if (await input.nonceStore.seen(parsed.keyId, parsed.nonce, parsed.created + maxSkew)) {
    return refuse("REPLAYED_NONCE", "the nonce was already used");
  }
  return parsed.keyId;
}
