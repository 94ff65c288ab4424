import { utf8 } from "../signing/bytes";
import { importHmacKey, hmacSha256, verifyHmacSha256 } from "../signing/hmac";

/**
 * Webhook signatures. Every delivery carries
 *
 *   Paraphe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256(secret, "<t>.<raw body>")>
 *
 * where the HMAC key is the endpoint's secret (`whsec_...`) as UTF-8 bytes, and the raw body the
 * exact bytes received (before any JSON parsing). Several `v1=` entries may appear (none today;
 * room for a rotation overlap): one that matches is enough.
 */
export const WEBHOOK_SIGNATURE_HEADER = "Paraphe-Signature";
export const WEBHOOK_ID_HEADER = "Paraphe-Webhook-Id";
export const WEBHOOK_TIMESTAMP_HEADER = "Paraphe-Webhook-Timestamp";
/** How old (or how far ahead) a signature's timestamp may be, by default: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The largest header parsed: a few signatures, not more. */
const MAX_HEADER_LENGTH = 1024;

export type WebhookSignatureFailure =
  "malformed_header" | "timestamp_outside_tolerance" | "signature_mismatch";

export type VerifyWebhookSignatureResult =
  { ok: true; timestamp: number } | { ok: false; reason: WebhookSignatureFailure };

export interface VerifyWebhookSignatureInput {
  /** The raw body as received: a string or its bytes. */
  payload: string | Uint8Array;
  /** The value of the `Paraphe-Signature` header. */
  header: string | null | undefined;
  /** The endpoint's secret, as shown when the endpoint was created or its secret rotated. */
  secret: string;
  /** Seconds a timestamp may differ from now (300 by default). */
  toleranceSeconds?: number;
  /** Now, in milliseconds since the epoch (tests); `Date.now()` by default. */
  now?: number;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(text: string): Uint8Array | undefined {
  if (!/^[0-9a-f]{64}$/i.test(text)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function signedContent(timestamp: number, payload: string | Uint8Array): Uint8Array {
  const prefix = utf8(`${timestamp}.`);
  const body = typeof payload === "string" ? utf8(payload) : payload;
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix, 0);
  content.set(body, prefix.length);
  return content;
}

/** The `Paraphe-Signature` value of `payload` at `timestamp` (unix seconds) under `secret`. */
export async function signWebhookPayload(input: {
  payload: string | Uint8Array;
  secret: string;
  timestamp: number;
}): Promise<string> {
  const key = await importHmacKey(utf8(input.secret), "sign");
  const mac = await hmacSha256(key, signedContent(input.timestamp, input.payload));
  return `t=${input.timestamp},v1=${hex(mac)}`;
}

/**
 * Checks a delivery's `Paraphe-Signature` header against its raw body and the endpoint's secret,
 * on WebCrypto (browsers and Node 20). The MAC is compared in constant time (WebCrypto's
 * `verify`); a timestamp further than `toleranceSeconds` from now is refused, so a captured
 * delivery cannot be replayed later. Answers why it failed, never throws on bad input.
 */
export async function verifyWebhookSignature(
  input: VerifyWebhookSignatureInput,
): Promise<VerifyWebhookSignatureResult> {
  const header = input.header ?? "";
  if (header.length === 0 || header.length > MAX_HEADER_LENGTH) {
    return { ok: false, reason: "malformed_header" };
  }
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator === -1) return { ok: false, reason: "malformed_header" };
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === "t") {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) {
        return { ok: false, reason: "malformed_header" };
      }
      timestamp = Number(value);
    } else if (name === "v1") {
      const mac = fromHex(value);
      if (mac === undefined) return { ok: false, reason: "malformed_header" };
      signatures.push(mac);
    }
  }
  if (timestamp === undefined || signatures.length === 0) {
    return { ok: false, reason: "malformed_header" };
  }
  const tolerance = input.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    return { ok: false, reason: "timestamp_outside_tolerance" };
  }
  if (input.secret.length === 0) return { ok: false, reason: "signature_mismatch" };
  const key = await importHmacKey(utf8(input.secret), "verify");
  const content = signedContent(timestamp, input.payload);
  for (const mac of signatures) {
    if (await verifyHmacSha256(key, mac, content)) return { ok: true, timestamp };
  }
  return { ok: false, reason: "signature_mismatch" };
}
