/** A stored file: its bytes and the content type given when it was stored. */
export interface StoredBlob {
  bytes: Uint8Array;
  contentType: string;
}

/** A stored file being read: its content type and its content, decrypted as it is read. */
export interface StoredBlobStream {
  contentType: string;
  /** The length of the content in bytes, when the store knows it ahead. */
  contentLength: number | undefined;
  /**
   * The content, in authenticated pieces (a `BlobIntegrityError` is thrown, before any
   * unauthenticated byte, when the file was tampered with). Read it to its end or stop early with
   * `break`, or call {@link cancel}: each releases the underlying file or connection.
   */
  content: AsyncIterable<Uint8Array>;
  /** Releases the underlying file or connection when the content is not read to its end. */
  cancel(): Promise<void>;
}

/**
 * Storage of files (uploaded PDFs, previews, signature images, sealed PDFs, proofs), encrypted at
 * rest with a data key per file wrapped by the master key (`BlobCipher`). Keys are `/`-separated
 * names of lower-case letters, digits, `.`, `_` and `-` (`envelopes/<uuid>/original.pdf`); see
 * {@link isValidBlobKey}. Implementations: `LocalEncryptedBlobStore` (a directory) and
 * `S3EncryptedBlobStore` (an S3-compatible bucket).
 */
export interface BlobStore {
  /** Stores `bytes` under `key`, replacing what was there; atomic: readers see the old or the new file. */
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  /**
   * Stores what `source` yields under `key`, encrypting it as it is read (a large file is never
   * held whole in memory); atomic like {@link put}: nothing is replaced when the source fails.
   */
  putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<void>;
  /** The file under `key`, or null when there is none. Throws a `BlobIntegrityError` if it was tampered with. */
  get(key: string): Promise<StoredBlob | null>;
  /**
   * The file under `key` as a stream, or null when there is none. Throws a `BlobIntegrityError`
   * at once when its header or data key does not open, later (while reading) when its content
   * was tampered with.
   */
  getStream(key: string): Promise<StoredBlobStream | null>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every file whose key starts with `prefix` (a key followed by `/`, such as `envelopes/`), with
   * the time it was last written (milliseconds since the epoch); in no particular order.
   */
  list(prefix: string): AsyncIterable<BlobListing>;
}

/** A stored file as {@link BlobStore.list} names it. */
export interface BlobListing {
  key: string;
  modifiedAt: number;
}

const KEY_SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Whether `key` is a valid blob key: 1 to 512 characters, `/`-separated segments that each start
 * with a letter or digit (so no `..`, no hidden files, no absolute paths) and hold only lower-case
 * letters, digits, `.`, `_` and `-`.
 */
export function isValidBlobKey(key: string): boolean {
  return (
    key.length >= 1 &&
    key.length <= 512 &&
    key.split("/").every((segment) => KEY_SEGMENT.test(segment))
  );
}

/** A key that breaks the rules of {@link isValidBlobKey}. */
export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(
      `Invalid blob key ${JSON.stringify(key.slice(0, 100))}: use /-separated segments of a-z, 0-9, ".", "_" and "-", each starting with a letter or digit`,
    );
    this.name = "InvalidBlobKeyError";
  }
}

/** A stored file that cannot be decrypted: modified, truncated, or sealed under another master key. */
export class BlobIntegrityError extends Error {
  constructor(key: string, reason: string, options?: { cause?: unknown }) {
    super(`Blob ${JSON.stringify(key)} failed its integrity check: ${reason}`, options);
    this.name = "BlobIntegrityError";
  }
}
