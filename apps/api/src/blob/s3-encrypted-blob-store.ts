import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable } from "node:stream";
import { BlobCipher, readWhole, singlePiece } from "./blob-encryption";
import {
  InvalidBlobKeyError,
  isValidBlobKey,
  type BlobListing,
  type BlobStore,
  type StoredBlob,
  type StoredBlobStream,
} from "./blob-store";
import type { S3StorageSettings } from "../config";

export type { S3StorageSettings } from "../config";

/** Where the bucket is and how to reach it (the S3_* variables). */
export interface S3EncryptedBlobStoreOptions {
  settings: S3StorageSettings;
  /** The 32-byte master key that wraps each file's data key. */
  masterKey: Buffer;
  /**
   * Bytes of each part of a multipart upload (5 MiB, the smallest S3 accepts, by default); a file
   * up to this size goes up in one request.
   */
  partSize?: number;
  /** Parts uploaded at once; at most `partSize * (queueSize + 1)` bytes of a file are in memory. */
  queueSize?: number;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

/**
 * {@link BlobStore} on an S3-compatible object store (Amazon S3, MinIO, Cloudflare R2, ...): each
 * object is the blob's encrypted form (`BlobCipher`), encrypted before it leaves the api, under
 * the blob's key. Writes stream through a multipart upload (atomic: the object appears when the
 * upload completes); reads stream and are authenticated a record at a time.
 */
export class S3EncryptedBlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #cipher: BlobCipher;
  readonly #partSize: number;
  readonly #queueSize: number;

  constructor(options: S3EncryptedBlobStoreOptions) {
    const { settings } = options;
    this.#cipher = new BlobCipher(options.masterKey);
    this.#bucket = settings.bucket;
    this.#partSize = Math.max(MIN_PART_BYTES, options.partSize ?? MIN_PART_BYTES);
    this.#queueSize = Math.max(1, options.queueSize ?? 2);
    this.#client = new S3Client({
      region: settings.region,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Objects are authenticated by their own encryption; the optional CRC checksums of recent
      // SDKs are not understood by every S3-compatible store.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  /**
   * Checks at start that the bucket exists and the credentials reach it; throws an error naming
   * the bucket and the store's answer (never the secret).
   */
  async checkAccess(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? "it does not exist"
          : status === 403 || status === 401
            ? "access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
            : error instanceof Error
              ? error.message
              : String(error);
      throw new Error(`The S3 bucket ${JSON.stringify(this.#bucket)} cannot be used: ${reason}`, {
        cause: error,
      });
    }
  }

  async put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void> {
    await this.putStream(key, singlePiece(bytes), options);
  }

  async putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<void> {
    checkKey(key);
    // A failing source fails the upload; its error, not the clean-up's, is the one to report.
    let sourceError: { error: unknown } | undefined;
    async function* watched(): AsyncGenerator<Uint8Array> {
      try {
        yield* source;
      } catch (error) {
        sourceError = { error };
        throw error;
      }
    }
    const sealed = this.#cipher.seal(key, options.contentType, watched());
    const upload = new Upload({
      client: this.#client,
      params: {
        Bucket: this.#bucket,
        Key: key,
        Body: Readable.from(sealed, { objectMode: false }),
        // The real type is inside the encrypted object; the store sees only ciphertext.
        ContentType: "application/octet-stream",
      },
      partSize: this.#partSize,
      queueSize: this.#queueSize,
      // A failed upload is aborted: its parts are removed and no object appears.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw sourceError === undefined ? error : sourceError.error;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    const opened = await this.getStream(key);
    if (opened === null) return null;
    return { bytes: await readWhole(opened), contentType: opened.contentType };
  }

  async getStream(key: string): Promise<StoredBlobStream | null> {
    checkKey(key);
    let body: Readable;
    let length: number | undefined;
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("The S3 answer has no body stream");
      body = answer.Body;
      length = answer.ContentLength;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
    return this.#cipher.open(key, body, length);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    checkKey(key);
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobListing> {
    if (!prefix.endsWith("/") || !isValidBlobKey(prefix.slice(0, -1))) {
      throw new InvalidBlobKeyError(prefix);
    }
    let continuationToken: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: prefix,
          ...(continuationToken === undefined ? {} : { ContinuationToken: continuationToken }),
        }),
      );
      for (const object of page.Contents ?? []) {
        // Objects that are not blobs of this store (named by hand, say), or without a date (the
        // orphan sweep could not tell their age), are left alone.
        if (object.Key === undefined || !isValidBlobKey(object.Key)) continue;
        if (object.LastModified === undefined) continue;
        yield { key: object.Key, modifiedAt: object.LastModified.getTime() };
      }
      continuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
  }

  /** Closes the connections to the store. */
  close(): void {
    this.#client.destroy();
  }
}

function checkKey(key: string): void {
  if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return undefined;
}
