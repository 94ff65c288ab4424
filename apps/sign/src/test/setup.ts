import "@paraphe/vitest-config/jsdom-setup";
import { Buffer } from "node:buffer";

/**
 * jsdom's globals give typed arrays and ArrayBuffers that Node's WebCrypto does not take ("2nd
 * argument is not instance of ArrayBuffer..."), which breaks the real tunnel cryptography of the
 * api tests. Copy every binary argument into a Node buffer on its way into `crypto.subtle`.
 */
function toNodeBytes(value: unknown): unknown {
  if (value instanceof Buffer) return value;
  if (ArrayBuffer.isView(value)) {
    const copy = Buffer.alloc(value.byteLength);
    copy.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return copy;
  }
  if (Object.prototype.toString.call(value) === "[object ArrayBuffer]") {
    const bytes = new Uint8Array(value as ArrayBuffer);
    const copy = Buffer.alloc(bytes.byteLength);
    copy.set(bytes);
    return copy;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    // Algorithm parameters (iv, salt, info, additionalData, public).
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([, inner]) => ArrayBuffer.isView(inner) || inner instanceof ArrayBuffer)) {
      return Object.fromEntries(entries.map(([key, inner]) => [key, toNodeBytes(inner)]));
    }
  }
  return value;
}

const subtle = globalThis.crypto.subtle;
for (const name of [
  "decrypt",
  "deriveBits",
  "deriveKey",
  "digest",
  "encrypt",
  "importKey",
  "sign",
  "unwrapKey",
  "verify",
] as const) {
  const original = (subtle[name] as (...args: unknown[]) => Promise<unknown>).bind(subtle);
  Object.defineProperty(subtle, name, {
    configurable: true,
    value: (...args: unknown[]) => original(...args.map(toNodeBytes)),
  });
}
