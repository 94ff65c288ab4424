// jsdom's globals give typed arrays and ArrayBuffers that Node's WebCrypto does not take ("2nd
// argument is not instance of ArrayBuffer..."), which breaks the real tunnel cryptography in an app's
// jsdom tests. Import this in a set-up file: every binary argument is copied into a Node buffer on
// its way into `crypto.subtle`.
import { Buffer } from "node:buffer";

/** @param {unknown} value */
function toNodeBytes(value) {
  if (value instanceof Buffer) return value;
  if (ArrayBuffer.isView(value)) {
    const copy = Buffer.alloc(value.byteLength);
    copy.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return copy;
  }
  if (Object.prototype.toString.call(value) === "[object ArrayBuffer]") {
    const bytes = new Uint8Array(/** @type {ArrayBuffer} */ (value));
    const copy = Buffer.alloc(bytes.byteLength);
    copy.set(bytes);
    return copy;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    // Algorithm parameters (iv, salt, info, additionalData, public).
    const entries = Object.entries(value);
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
]) {
  const original = subtle[name].bind(subtle);
  Object.defineProperty(subtle, name, {
    configurable: true,
    value: (/** @type {unknown[]} */ ...args) => original(...args.map(toNodeBytes)),
  });
}
