import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BlobCipher, readWhole, singlePiece } from "./blob-encryption";
import {
  InvalidBlobKeyError,
  isValidBlobKey,
  type BlobListing,
  type BlobStore,
  type StoredBlob,
  type StoredBlobStream,
} from "./blob-store";

/** Each file is `<key>.blob` under the directory, in the format of `BlobCipher`. */
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
  readonly #cipher: BlobCipher;

  constructor(options: LocalEncryptedBlobStoreOptions) {
    this.#root = path.resolve(options.directory);
    this.#cipher = new BlobCipher(options.masterKey);
  }

  async put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void> {
    await this.putStream(key, singlePiece(bytes), options);
  }

  async putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<void> {
    const file = this.#fileOf(key);
    const sealed = this.#cipher.seal(key, options.contentType, source);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await pipeline(
        Readable.from(sealed),
        // `flush`: the file is synced to disk before it is closed, then renamed into place.
        createWriteStream(temporary, { flags: "wx", mode: 0o600, flush: true }),
      );
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const opened = await this.getStream(key);
    if (opened === null) return null;
    return { bytes: await readWhole(opened), contentType: opened.contentType };
  }

  async getStream(key: string): Promise<StoredBlobStream | null> {
    const file = this.#fileOf(key);
    let handle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    let size: number;
    try {
      size = (await handle.stat()).size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    // The stream owns the handle from here: it closes it at its end or when destroyed.
    const stream = createReadStream("", { fd: handle, highWaterMark: 256 * 1024 });
    return this.#cipher.open(key, stream, size);
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

  #fileOf(key: string): string {
    if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
    const file = path.join(this.#root, ...key.split("/")) + FILE_SUFFIX;
    // The key rules already exclude it; this keeps any future change of them from escaping the root.
    if (!file.startsWith(this.#root + path.sep)) throw new InvalidBlobKeyError(key);
    return file;
  }
}
