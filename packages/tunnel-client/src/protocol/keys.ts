import { utf8, type Bytes } from "./bytes";
import { AEAD_KEY_LENGTH, AEAD_NONCE_LENGTH, EXPORT_LABELS } from "./constants";
import { TunnelProtocolError } from "./errors";

/** Anything with HPKE's secret export interface (RFC 9180 §5.3): sender or recipient context. */
export interface HpkeExporter {
  export(exporterContext: ArrayBufferLike | ArrayBufferView, length: number): Promise<ArrayBuffer>;
}

/** The raw session secrets, for a server that runs AES-GCM through node:crypto. */
export interface SessionSecrets {
  /** AES-256-GCM key for requests (client to server). */
  c2sKey: Bytes;
  /** AES-256-GCM key for responses and the server's key confirmation. */
  s2cKey: Bytes;
  /** 12-byte base IV of the client-to-server direction. */
  c2sIv: Bytes;
  /** 12-byte base IV of the server-to-client direction. */
  s2cIv: Bytes;
}

/** A WebCrypto AES-GCM key (a `CryptoKey`, typed from the runtime's own WebCrypto). */
export type AeadKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** The session keys as non-extractable WebCrypto keys, and the two base IVs. */
export interface SessionKeys {
  c2sKey: AeadKey;
  s2cKey: AeadKey;
  c2sIv: Bytes;
  s2cIv: Bytes;
}

/**
 * Exports the four session secrets from an HPKE context (sender on the client, recipient on the
 * server): `context.export("paraphe/tunnel/v1 c2s key", 32)`, `"... s2c key"` (32),
 * `"... c2s iv"` (12) and `"... s2c iv"` (12), exporter contexts as UTF-8.
 */
export async function deriveSessionSecrets(context: HpkeExporter): Promise<SessionSecrets> {
  const take = async (label: string, length: number): Promise<Bytes> => {
    const out = new Uint8Array(await context.export(utf8(label), length));
    if (out.length !== length) {
      throw new TunnelProtocolError("INVALID_ARGUMENT", `HPKE export returned ${out.length} bytes`);
    }
    return out;
  };
  return {
    c2sKey: await take(EXPORT_LABELS.c2sKey, AEAD_KEY_LENGTH),
    s2cKey: await take(EXPORT_LABELS.s2cKey, AEAD_KEY_LENGTH),
    c2sIv: await take(EXPORT_LABELS.c2sIv, AEAD_NONCE_LENGTH),
    s2cIv: await take(EXPORT_LABELS.s2cIv, AEAD_NONCE_LENGTH),
  };
}

/** Imports a raw 32-byte key as a non-extractable AES-256-GCM WebCrypto key. */
export async function importAeadKey(raw: Uint8Array): Promise<AeadKey> {
  if (raw.length !== AEAD_KEY_LENGTH) {
    throw new TunnelProtocolError(
      "INVALID_ARGUMENT",
      `AES-256-GCM keys are ${AEAD_KEY_LENGTH} bytes`,
    );
  }
  return globalThis.crypto.subtle.importKey(
    "raw",
    new Uint8Array(raw),
    { name: "AES-GCM" },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * The session keys, ready for `sealMessage` / `openMessage`: `deriveSessionSecrets` then both keys
 * imported as non-extractable WebCrypto keys; the raw key bytes are overwritten afterwards.
 */
export async function deriveSessionKeys(context: HpkeExporter): Promise<SessionKeys> {
  const secrets = await deriveSessionSecrets(context);
  try {
    return {
      c2sKey: await importAeadKey(secrets.c2sKey),
      s2cKey: await importAeadKey(secrets.s2cKey),
      c2sIv: secrets.c2sIv,
      s2cIv: secrets.s2cIv,
    };
  } finally {
    secrets.c2sKey.fill(0);
    secrets.s2cKey.fill(0);
  }
}
