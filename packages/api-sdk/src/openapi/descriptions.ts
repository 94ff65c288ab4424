import {
  AEAD_TAG_LENGTH,
  CLIENT_NONCE_LENGTH,
  ENCRYPTED_RESPONSE_HEADER,
  HANDSHAKE_PATH,
  MAX_HANDSHAKE_STEPS,
  PROTOCOL_VERSION,
  REPLAY_WINDOW_SIZE,
  SESSION_ID_HEADER,
  TUNNEL_CONTENT_TYPE,
} from "@paraphe/tunnel-client/protocol";
import {
  DEFAULT_MAX_SKEW_SECONDS,
  NONCE_PATTERN,
  SIGNATURE_ALGORITHM,
  SIGNATURE_LABEL,
  SIGNED_COMPONENTS,
  TIMESTAMP_HEADER,
} from "../signing/constants";
import { APP_CREDENTIAL_EXCEPTIONS, SESSION_CREDENTIAL_PREFIXES } from "../signing/credential-kind";

/*
 * The prose of the document: how a call travels (the tunnel) and how it is signed (RFC 9421).
 * Every number and name comes from the constants the SDK and the api use, so the text cannot
 * drift from what they do.
 */

const list = (items: readonly string[]): string => items.map((item) => `\`${item}\``).join(", ");

export const TUNNEL_DESCRIPTION = [
  `Every call but the plaintext ones (\`GET /health\`, \`POST ${HANDSHAKE_PATH}\`, \`GET /openapi.json\`, the \`/docs\` pages) travels sealed through an encrypted tunnel to the attested api host.`,
  "",
  `1. **Handshake**, \`POST ${HANDSHAKE_PATH}\`, bodies \`${TUNNEL_CONTENT_TYPE}\`: step 1 sends a client hello (${CLIENT_NONCE_LENGTH} random bytes) without \`${SESSION_ID_HEADER}\`; the answer carries a new session id in \`${SESSION_ID_HEADER}\` and the server hello with the attestation evidence, which binds the client's nonce and the server's HPKE public key. The client verifies the evidence against the reference values of the api's build, then step 2 sends \`${SESSION_ID_HEADER}\` back with the client finished message (HPKE RFC 9180 base mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-256-GCM: the encapsulated key and a key confirmation). The server answers its own key confirmation; only then is the session open. A client makes at most ${MAX_HANDSHAKE_STEPS} handshake requests per handshake.`,
  `2. **Sealed calls**: each call is \`POST {path}\` with the header \`${SESSION_ID_HEADER}\`, \`Content-Type: ${TUNNEL_CONTENT_TYPE}\` and, as body, the JSON request sealed with AES-256-GCM under the session's request key: \`u8 version (${PROTOCOL_VERSION}) || u64 sequence number || ciphertext || ${AEAD_TAG_LENGTH}-byte tag\`. The associated data binds the method, the path, the session id and the sequence number, so a sealed body cannot be replayed (the server keeps a ${REPLAY_WINDOW_SIZE}-message window) or moved to another path or session.`,
  `3. **Sealed answers**: every answer of a sealed call, errors included, comes back sealed under the session's response key, flagged with \`${ENCRYPTED_RESPONSE_HEADER}: ${PROTOCOL_VERSION}\`; its associated data also binds the request it answers and the HTTP status. Only a refusal of the tunnel itself (no session, unknown or expired session: \`TUNNEL_ERROR\` 401, then open a new session, and send the call once more only if it does no harm twice (a read): that plaintext answer is not authenticated; malformed or replayed message: \`TUNNEL_ERROR\` 400) answers in plaintext, in the error shape.`,
  "",
  "The request and response schemas of this document describe the JSON inside the seal. The byte-level protocol is specified in the README of `@paraphe/tunnel-client`.",
].join("\n");

export const SIGNATURE_DESCRIPTION = [
  `Every sealed call is signed with HTTP Message Signatures (RFC 9421), algorithm \`${SIGNATURE_ALGORITHM}\` (HMAC-SHA-256), labelled \`${SIGNATURE_LABEL}\`, over what travels on the wire (the sealed body):`,
  "",
  `- covered components, in this order: ${list(SIGNED_COMPONENTS)} (\`@query\` is \`?\` without a query);`,
  "- `Content-Digest` is the RFC 9530 `sha-256` digest of the sealed body; the legacy `Digest` (`SHA-256=...`) is sent too and checked when present; `Content-Length` is the sealed body's length;",
  `- \`${TIMESTAMP_HEADER}\` is the creation time in Unix seconds (an RFC 8941 integer, at most 15 digits) and equals the signature's \`created\` parameter; it must be within ${DEFAULT_MAX_SKEW_SECONDS} seconds of the server's clock, either way;`,
  `- \`Signature-Input: ${SIGNATURE_LABEL}=(${SIGNED_COMPONENTS.map((name) => `"${name}"`).join(" ")});created=...;keyid="<access key>";alg="${SIGNATURE_ALGORITHM}";nonce="..."\`: \`keyid\` is the credential's access key; \`nonce\` is unique per call (16 to 128 base64 or base64url characters, \`${NONCE_PATTERN.source.replace(/^\^|\$$/g, "")}\`; the SDK sends 16 random bytes) and the server refuses a nonce it saw for that key within the window;`,
  `- \`Signature: ${SIGNATURE_LABEL}=:<base64 of the HMAC>:\`: HMAC-SHA-256 of the RFC 9421 signature base, keyed with the UTF-8 bytes of the credential's secret key, which never travels.`,
  "",
  "A refused signature answers `AUTHENTICATION_ERROR` 401, without saying which check failed.",
  "",
  `Which credential signs a call depends on its path: the signed-in member's **session credential** (from \`/authentication/verify-code\`, \`/authentication/passkey-login\` or single sign-on) for paths under ${list(SESSION_CREDENTIAL_PREFIXES)}, except ${list(APP_CREDENTIAL_EXCEPTIONS)}; an **app-level credential** for every other call. The app-level credential only names the calling app and is not a secret: a public call is authorised by what it carries (an access link's token and secret key, an invitation token, a sign-in code), never by that credential.`,
  "",
  "**The SDK does all of this**: `createApiClient` of `@paraphe/api-sdk` opens and re-opens the tunnel, seals, signs with the right credential, opens the answers and checks them against these schemas. Use it rather than implementing the protocol.",
].join("\n");

export const API_DESCRIPTION = [
  "The Paraphe api: every call of the team web app and of the signing app, generated from the request and response schemas of `@paraphe/api-sdk/contract` (the same schemas the api validates with).",
  "",
  "Every call is `POST {path}` with a JSON body (`{}` when there is nothing to send) and a JSON answer. Files travel inside the JSON as base64 (`contentEncoding: base64`).",
  "",
  "## The secure tunnel",
  "",
  TUNNEL_DESCRIPTION,
  "",
  "## Request signatures",
  "",
  SIGNATURE_DESCRIPTION,
  "",
  "## Errors",
  "",
  "Every error answer has the shape `{statusCode, error: {code, message, suggestion, documentationUrl, fields?}, requestId, timestamp, path}`; `fields` lists the field problems of a `VALIDATION_ERROR`. Each code has one HTTP status; `GET /docs/errors` lists them.",
].join("\n");
