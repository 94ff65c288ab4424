import { utf8 } from "./bytes";
import {
  NONCE_PATTERN,
  SIGNATURE_ALGORITHM,
  SIGNATURE_LABEL,
  SIGNED_COMPONENTS,
  TIMESTAMP_HEADER,
} from "./constants";
import { sha256, type WebCryptoKey } from "./bytes";
import { contentDigestOf, legacyDigestOf } from "./content-digest";
import { hmacSha256, importHmacKey } from "./hmac";
import {
  createSignatureBase,
  normalizeFields,
  normalizeMethod,
  serializeSignatureParams,
  type HeadersInput,
} from "./signature-base";
import {
  encodeBase64,
  serializeByteSequence,
  serializeInteger,
  serializeString,
  type SfBareItem,
} from "./structured-fields";

/**
 * A credential that signs calls (spec §6): the session credential of a signed-in member, or the
 * app-level credential for public calls. `accessKey` travels as the signature's `keyid`;
 * the UTF-8 bytes of `secretKey` are the HMAC key and never leave the client.
 */
export interface SigningCredential {
  readonly accessKey: string;
  readonly secretKey: string;
}

export interface SignRequestInput {
  readonly method: string;
  /** The full URL the request goes to (scheme, authority, path and query). */
  readonly url: string | URL;
  /** The request's headers; `Content-Type` is required (it is covered). */
  readonly headers: HeadersInput;
  /** The exact bytes that travel (for a tunnelled call, the sealed body). */
  readonly body: Uint8Array;
  readonly credential: SigningCredential;
  /** The clock, milliseconds since the Unix epoch; `Date.now()` by default. */
  readonly now?: number;
  /** A unique nonce (16 to 128 base64/base64url characters); 16 random bytes by default. */
  readonly nonce?: string;
}

/** The headers `signRequest` sets; add them to the request as they are. */
export interface SignedHeaders {
  "Content-Type": string;
  "Content-Digest": string;
  Digest: string;
  "X-Timestamp": string;
  "Signature-Input": string;
  Signature: string;
  [name: string]: string;
}

/**
 * The HMAC key of each credential object, imported once (a non-extractable WebCrypto key): each
 * import is a WebCrypto call as costly as the MAC itself. Weakly held, so a credential dropped at
 * sign-out takes its key with it; a credential whose secret changed is imported again.
 */
const signingKeys = new WeakMap<SigningCredential, { secretKey: string; key: WebCryptoKey }>();

async function signingKey(credential: SigningCredential): Promise<WebCryptoKey> {
  const cached = signingKeys.get(credential);
  if (cached !== undefined && cached.secretKey === credential.secretKey) return cached.key;
  const { secretKey } = credential;
  const key = await importHmacKey(utf8(secretKey), "sign");
  signingKeys.set(credential, { secretKey, key });
  return key;
}

/** Unix seconds of a millisecond clock, checked to be a non-negative RFC 8941 integer. */
export function toUnixSeconds(nowMs: number): number {
  if (!Number.isFinite(nowMs) || nowMs < 0) {
    throw new RangeError(`the clock must be a non-negative number of milliseconds, got ${nowMs}`);
  }
  const seconds = Math.floor(nowMs / 1000);
  serializeInteger(seconds); // throws a RangeError beyond 999,999,999,999,999
  return seconds;
}

/** 16 random bytes as base64url without padding (22 characters). */
export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return encodeBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Signs a request with HTTP Message Signatures (RFC 9421, `hmac-sha256`) over
 * `SIGNED_COMPONENTS`, with the body's RFC 9530 `Content-Digest`. Returns the headers to set:
 * `Content-Type` (the caller's, kept), `Content-Digest`, the legacy `Digest`, `X-Timestamp`,
 * `Signature-Input` and `Signature`.
 *
 * `Content-Length` is covered but not returned: the transport (fetch, undici) sends the body's
 * length itself, and browsers refuse to set it. Send the body as these exact bytes (not a stream).
 *
 * Throws a TypeError for a missing `Content-Type`, a `Content-Length` that is not the body's
 * length, an unusable credential or nonce, and a RangeError for a clock outside RFC 8941's
 * integer range.
 */
export async function signRequest(input: SignRequestInput): Promise<SignedHeaders> {
  const { credential, body } = input;
  const url = new URL(input.url);
  const method = normalizeMethod(input.method);
  const created = toUnixSeconds(input.now ?? Date.now());
  const nonce = input.nonce ?? randomNonce();
  if (!NONCE_PATTERN.test(nonce)) {
    throw new TypeError("the nonce must be 16 to 128 base64 or base64url characters");
  }
  if (credential.accessKey === "") throw new TypeError("the credential has no access key");
  serializeString(credential.accessKey); // throws for characters outside printable ASCII
  if (credential.secretKey === "") throw new TypeError("the credential has no secret key");

  const given = normalizeFields(input.headers);
  const contentType = given.get("content-type");
  if (contentType === undefined || contentType === "") {
    throw new TypeError("signRequest needs the request's Content-Type header (it is covered)");
  }
  const contentLength = String(body.length);
  const givenLength = given.get("content-length");
  if (givenLength !== undefined && givenLength !== contentLength) {
    throw new TypeError(
      `the Content-Length header (${givenLength}) is not the body's length (${contentLength})`,
    );
  }

  // One SHA-256 of the body for both digest headers.
  const digest = await sha256(body);
  const contentDigest = contentDigestOf(digest);
  const timestamp = serializeInteger(created);
  const fields = new Map(given);
  fields.set("content-digest", contentDigest);
  fields.set("content-length", contentLength);
  fields.set("x-timestamp", timestamp);

  const params = new Map<string, SfBareItem>([
    ["created", created],
    ["keyid", credential.accessKey],
    ["alg", SIGNATURE_ALGORITHM],
    ["nonce", nonce],
  ]);
  const base = createSignatureBase({ method, url, fields }, SIGNED_COMPONENTS, params);
  const mac = await hmacSha256(await signingKey(credential), utf8(base));

  return {
    "Content-Type": contentType,
    "Content-Digest": contentDigest,
    Digest: legacyDigestOf(digest),
    [TIMESTAMP_HEADER]: timestamp,
    "Signature-Input": `${SIGNATURE_LABEL}=${serializeSignatureParams(SIGNED_COMPONENTS, params)}`,
    Signature: `${SIGNATURE_LABEL}=${serializeByteSequence(mac)}`,
  };
}
