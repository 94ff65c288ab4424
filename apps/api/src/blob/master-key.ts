import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface MasterKeySource {
  /** BLOB_MASTER_KEY, decoded; when set it is used as is. */
  blobMasterKey: Buffer | undefined;
  /** The development key file, used (and created on first start) when no key is configured. */
  blobMasterKeyFile: string;
}

export interface MasterKey {
  key: Buffer;
  source: "environment" | "development-key-file";
}

/**
 * The blob master key: BLOB_MASTER_KEY when configured (production requires it), otherwise the
 * development key file, generated with 32 random bytes and mode 0600 on first start.
 */
export async function loadMasterKey(source: MasterKeySource): Promise<MasterKey> {
  if (source.blobMasterKey !== undefined) {
    if (source.blobMasterKey.length !== 32) throw new Error("The blob master key must be 32 bytes");
    return { key: source.blobMasterKey, source: "environment" };
  }
  const file = source.blobMasterKeyFile;
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // `wx`: only if it does not exist, so two processes starting at once cannot both write one.
    await writeFile(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const text = (await readFile(file, "utf8")).trim();
  const key = Buffer.from(text, "base64");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32) {
    throw new Error(
      `The development master key file ${file} does not hold the base64 of 32 bytes; restore it or set BLOB_MASTER_KEY`,
    );
  }
  if (((await stat(file)).mode & 0o077) !== 0) {
    throw new Error(
      `The development master key file ${file} is readable by other users; run chmod 600 on it`,
    );
  }
  return { key, source: "development-key-file" };
}

/** A short public identifier of a master key (first 8 bytes of its SHA-256), stored in each blob. */
export function masterKeyFingerprint(key: Buffer): Buffer {
  return createHash("sha256")
    .update("paraphe blob master key v1\0")
    .update(key)
    .digest()
    .subarray(0, 8);
}
