import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  BlobIntegrityError,
  InvalidBlobKeyError,
  isValidBlobKey,
  type BlobListing,
  type BlobStore,
  type StoredBlob,
} from "./blob-store";
import { masterKeyFingerprint } from "./master-key";

/*
 * File format, version 1 (all of it authenticated):
 *
 *   "PRBL"            4 bytes   magic
 *   0x01              1 byte    version
 *   fingerprint       8 bytes   of the master key that wrapped the data key
 *   n                 2 bytes   length of the content type (big-endian)
 *   content type      n bytes   UTF-8
 *   wrap IV          12 bytes   \
 *   wrapped data key 32 bytes    } AES-256-GCM of the data key under the master key
 *   wrap tag         16 bytes   /
 *   data IV          12 bytes   \
 *   data tag         16 bytes    } AES-256-GCM of the content under the data key
 *   ciphertext        rest      /
 *
 * Both encryptions take as associated data the header (magic to content type) followed by a zero
 * byte and the blob key, so a file moved to another key, or a header edited, fails to open.
 */
const MAGIC = Buffer.from("PRBL", "ascii");
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const MAX_CONTENT_TYPE_BYTES = 255;
const FILE_SUFFIX = ".blob";

export interface LocalEncryptedBlobStoreOptions {
  /** Directory of the files (BLOB_DIR); created when missing. */
  directory: string;
  /** The 32-byte master key that wraps each file's data key. */
  masterKey: Buffer;
}

/**
 * {@link BlobStore} on the local disk: each file is encrypted with AES-256-GCM under its own random
 * data key, that data key wrapped (AES-256-GCM) by the master key. Writes go to a temporary file
 * that is renamed into place.
 */
export class LocalEncryptedBlobStore implements BlobStore {
  readonly #root: string;
  readonly #masterKey: Buffer;
  readonly #fingerprint: Buffer;

  constructor(options: LocalEncryptedBlobStoreOptions) {
    if (options.masterKey.length !== KEY_BYTES)
      throw new Error("The blob master key must be 32 bytes");
    this.#root = path.resolve(options.directory);
    this.#masterKey = Buffer.from(options.masterKey);
    this.#fingerprint = masterKeyFingerprint(this.#masterKey);
  }

  async put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void> {
    const file = this.#fileOf(key);
    const contentType = Buffer.from(options.contentType, "utf8");
    if (contentType.length === 0 || contentType.length > MAX_CONTENT_TYPE_BYTES) {
      throw new Error(`The content type must be 1 to ${MAX_CONTENT_TYPE_BYTES} bytes`);
    }
    const header = Buffer.alloc(MAGIC.length + 1 + 8 + 2);
    MAGIC.copy(header, 0);
    header.writeUInt8(VERSION, 4);
    this.#fingerprint.copy(header, 5);
    header.writeUInt16BE(contentType.length, 13);
    const fullHeader = Buffer.concat([header, contentType]);
    const aad = associatedData(fullHeader, key);

    const dataKey = randomBytes(KEY_BYTES);
    try {
      const wrapIv = randomBytes(IV_BYTES);
      const wrap = createCipheriv("aes-256-gcm", this.#masterKey, wrapIv).setAAD(aad);
      const wrappedKey = Buffer.concat([wrap.update(dataKey), wrap.final()]);
      const wrapTag = wrap.getAuthTag();

      const dataIv = randomBytes(IV_BYTES);
      const seal = createCipheriv("aes-256-gcm", dataKey, dataIv).setAAD(aad);
      const ciphertext = Buffer.concat([seal.update(bytes), seal.final()]);
      const dataTag = seal.getAuthTag();

      await writeAtomically(file, [
        fullHeader,
        wrapIv,
        wrappedKey,
        wrapTag,
        dataIv,
        dataTag,
        ciphertext,
      ]);
    } finally {
      dataKey.fill(0);
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const file = this.#fileOf(key);
    let stored: Buffer;
    try {
      stored = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return this.#open(key, stored);
  }

  async delete(key: string): Promise<void> {
    await rm(this.#fileOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.#fileOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    if (!prefix.endsWith("/") || !isValidBlobKey(prefix.slice(0, -1))) {
      throw new InvalidBlobKeyError(prefix);
    }
    const directory = path.join(this.#root, ...prefix.slice(0, -1).split("/"));
    let names: string[];
    try {
      names = await readdir(directory, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const name of names) {
      // Temporary files of writes in progress end in `.tmp`, not in the suffix.
      if (!name.endsWith(FILE_SUFFIX)) continue;
      const key = prefix + name.slice(0, -FILE_SUFFIX.length).split(path.sep).join("/");
      if (!isValidBlobKey(key)) continue;
      try {
        const info = await stat(path.join(directory, name));
        if (info.isFile()) yield { key, modifiedAt: info.mtimeMs };
      } catch (error) {
        // Deleted since the directory was read.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }

  #open(key: string, stored: Buffer): StoredBlob {
    const fixedHeader = MAGIC.length + 1 + 8 + 2;
    if (stored.length < fixedHeader || !stored.subarray(0, 4).equals(MAGIC)) {
      throw new BlobIntegrityError(key, "it is not a Paraphe encrypted file");
    }
    const version = stored.readUInt8(4);
    if (version !== VERSION) throw new BlobIntegrityError(key, `unknown format version ${version}`);
    if (!stored.subarray(5, 13).equals(this.#fingerprint)) {
      throw new BlobIntegrityError(
        key,
        "it was encrypted under a different master key (check BLOB_MASTER_KEY)",
      );
    }
    const contentTypeLength = stored.readUInt16BE(13);
    const headerEnd = fixedHeader + contentTypeLength;
    const bodyStart = headerEnd + IV_BYTES + KEY_BYTES + TAG_BYTES + IV_BYTES + TAG_BYTES;
    if (contentTypeLength === 0 || stored.length < bodyStart)
      throw new BlobIntegrityError(key, "the file is truncated");

    const fullHeader = stored.subarray(0, headerEnd);
    const aad = associatedData(fullHeader, key);
    let offset = headerEnd;
    const take = (length: number): Buffer => {
      const part = stored.subarray(offset, offset + length);
      offset += length;
      return part;
    };
    const wrapIv = take(IV_BYTES);
    const wrappedKey = take(KEY_BYTES);
    const wrapTag = take(TAG_BYTES);
    const dataIv = take(IV_BYTES);
    const dataTag = take(TAG_BYTES);
    const ciphertext = stored.subarray(offset);

    let dataKey: Buffer | undefined;
    try {
      const unwrap = createDecipheriv("aes-256-gcm", this.#masterKey, wrapIv)
        .setAAD(aad)
        .setAuthTag(wrapTag);
      dataKey = Buffer.concat([unwrap.update(wrappedKey), unwrap.final()]);
      const decipher = createDecipheriv("aes-256-gcm", dataKey, dataIv)
        .setAAD(aad)
        .setAuthTag(dataTag);
      const bytes = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
      const contentType = fullHeader.subarray(fixedHeader).toString("utf8");
      return {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType,
      };
    } catch (error) {
      throw new BlobIntegrityError(key, "the stored file was modified or is corrupt", {
        cause: error,
      });
    } finally {
      dataKey?.fill(0);
    }
  }

  #fileOf(key: string): string {
    if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
    const file = path.join(this.#root, ...key.split("/")) + FILE_SUFFIX;
    // The key rules already exclude it; this keeps any future change of them from escaping the root.
    if (!file.startsWith(this.#root + path.sep)) throw new InvalidBlobKeyError(key);
    return file;
  }
}

function associatedData(header: Buffer, key: string): Buffer {
  return Buffer.concat([header, Buffer.from([0]), Buffer.from(key, "utf8")]);
}

async function writeAtomically(file: string, parts: readonly Buffer[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    try {
      await handle.writeFile(Buffer.concat(parts));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
